import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../test/render';
import { ListFooter } from './list-footer';

const footer = (props: { total: number; capped?: boolean; page?: number }) =>
  render(
    <Providers>
      <ListFooter page={1} perPage={50} one="reserva" many="reservas" onPage={vi.fn()} {...props} />
    </Providers>,
  );

describe('ListFooter', () => {
  it('an exact total: "1–50 de 120 reservas" and its pages', () => {
    footer({ total: 120 });
    expect(screen.getByText('1–50 de 120 reservas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 3' })).toBeInTheDocument();
  });

  it('ADR 027: a capped total reads "de más de 10.000" and offers the pages up to the cap', () => {
    footer({ total: 10_000, capped: true, page: 2 });
    expect(screen.getByText('51–100 de más de 10.000 reservas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 200' })).toBeInTheDocument();
  });

  it('an empty list has no footer', () => {
    footer({ total: 0 });
    expect(screen.queryByText(/ de /)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Página 1' })).toBeNull();
  });
});
