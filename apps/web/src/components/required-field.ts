/**
 * Marks a Mantine input as required without putting a "*" character into its label: the mark is
 * drawn by CSS (global.css), so the label text stays exactly "Email", "Contraseña"… for screen
 * readers and for tests, and `aria-required` tells assistive technology.
 */
export const REQUIRED_FIELD = {
  labelProps: { 'data-required': true },
  'aria-required': true,
} as const;

export const requiredIf = (condition: boolean) => (condition ? REQUIRED_FIELD : {});
