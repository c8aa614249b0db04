/**
 * Props of every euro amount input (NumberInput): the Spanish decimal comma and always two decimals
 * ("50,00 €", never "50 €": STYLE.md "Formats"); forms send cents.
 */
export const EURO_INPUT = {
  decimalSeparator: ',',
  thousandSeparator: '.',
  decimalScale: 2,
  fixedDecimalScale: true,
  allowNegative: false,
  suffix: ' €',
  min: 0,
} as const;
