import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput with its error said to screen readers too: Mantine marks the inner
 * `<input>` only with `data-invalid` (its own `aria-invalid` goes nowhere), so a refused password
 * ("La contraseña actual no es correcta") was drawn red yet read as valid. Here the input is
 * `aria-invalid` while the field has an error (WCAG 3.3.1, 4.1.2), like every other field.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
