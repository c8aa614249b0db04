import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../test/render';
import { AddItemButton } from './add-item-button';

describe('AddItemButton', () => {
  it('adds a row, until the list is full', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Providers>
        <AddItemButton label="Añadir regla" onClick={onClick} />
      </Providers>,
    );
    const button = screen.getByRole('button', { name: 'Añadir regla' });
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();

    rerender(
      <Providers>
        <AddItemButton label="Añadir regla" onClick={onClick} disabled />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: 'Añadir regla' })).toBeDisabled();
  });
});
