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

/**
 * The same mark for a date picker, whose field is a <button>: `aria-required` is not allowed on a
 * button (WCAG 4.1.2, axe "aria-allowed-attr"), so the picker only carries the drawn mark and its
 * error says what is missing.
 */
export const REQUIRED_PICKER = { labelProps: { 'data-required': true } } as const;

export const requiredPickerIf = (condition: boolean) => (condition ? REQUIRED_PICKER : {});
