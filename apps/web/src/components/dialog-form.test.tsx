import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../config/theme';
import { DialogActions } from './dialog-form';

function renderActions(pending: boolean, onSubmit = vi.fn()) {
  const form = (p: boolean) => (
    <MantineProvider theme={theme}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <input aria-label="Campo" />
        <DialogActions pending={p} onCancel={() => {}} submitLabel="Guardar" />
      </form>
    </MantineProvider>
  );
  const utils = render(form(pending));
  return { ...utils, onSubmit, setPending: (p: boolean) => utils.rerender(form(p)) };
}

describe('DialogActions', () => {
  it('submits the form when not busy', () => {
    const { onSubmit } = renderActions(false);
    const submit = screen.getByRole('button', { name: 'Guardar' });
    expect(submit).not.toHaveAttribute('aria-busy');
    expect(submit).not.toHaveAttribute('aria-disabled');
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while saving: enabled and focused, says it is busy, and a second press submits nothing', () => {
    const { onSubmit, setPending } = renderActions(false);
    const submit = screen.getByRole('button', { name: 'Guardar' });
    submit.focus();
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    setPending(true);
    // Not `disabled` (which would drop the keyboard's focus): aria-disabled and aria-busy instead.
    expect(submit).toBeEnabled();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // The save failed: the focus is still on the button, which works again.
    setPending(false);
    expect(submit).toHaveFocus();
    expect(submit).not.toHaveAttribute('aria-busy');
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
