import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

function Form({ refuse }: { refuse: Record<string, string> }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invalid = useFocusFirstInvalid<HTMLFormElement>();
  return (
    <form ref={invalid.ref}>
      {['importe', 'metodo', 'referencia'].map((name) => (
        <label key={name}>
          {name}
          <input aria-invalid={errors[name] ? 'true' : undefined} />
        </label>
      ))}
      <button
        type="button"
        onClick={() => {
          setErrors(refuse);
          invalid.focusFirstInvalid();
        }}
      >
        Guardar
      </button>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('once the errors are drawn, the first invalid field from the top has the focus', () => {
    render(<Form refuse={{ referencia: 'Máximo 100', metodo: 'Campo requerido' }} />);
    const save = screen.getByRole('button', { name: 'Guardar' });
    act(() => save.focus());
    act(() => save.click());
    expect(screen.getByLabelText('metodo')).toHaveFocus();
  });

  it('with nothing invalid the focus stays where it was', () => {
    render(<Form refuse={{}} />);
    const save = screen.getByRole('button', { name: 'Guardar' });
    act(() => save.focus());
    act(() => save.click());
    expect(save).toHaveFocus();
  });
});
