import { Badge, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('a badge never shrinks below its text ("CONFIRMA…" cut in a narrow cell, issue 12)', () => {
    render(
      <MantineProvider theme={theme}>
        <div style={{ display: 'flex', width: 40 }}>
          <Badge data-testid="badge">Confirmada</Badge>
        </div>
      </MantineProvider>,
    );
    const root = screen.getByTestId('badge');
    expect(root.style.minWidth).toBe('max-content');
    expect(root.style.flexShrink).toBe('0');
  });
});
