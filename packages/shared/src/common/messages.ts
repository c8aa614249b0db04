/**
 * User-facing strings fixed by the customer's specification (seed-spec.md). Keep them exactly.
 */
export const MSG = {
  /** spec §5: required field */
  required: 'Campo requerido',
  /** spec §5: e-mail shape */
  email: 'Por favor, introduce una dirección de correo electrónico válida',
  /** spec §8: login reply without token (English in the spec, kept as is) */
  invalidCredentials: 'Invalid credentials',
  /** spec §8: any other login failure (English in the spec, kept as is) */
  anErrorOccurred: 'An error occurred',
  /** spec §8: reading the logged-in user without stored id and name */
  notLoggedIn: 'Not logged in',
  /** spec §8: Spanish console note on any 401 */
  tokenExpiredConsole: 'La sesión ha caducado o el token no es válido. Vuelve a iniciar sesión.',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres',
  passwordMismatch: 'Las contraseñas no coinciden',
  tooLong: (max: number) => `Máximo ${max} caracteres`,
  invalidOption: 'Opción no válida',
  invalidId: 'Identificador no válido',
  invalidNumber: 'Número no válido',
  invalidColor: 'Color no válido (formato #RRGGBB)',
  invalidUrl: 'Dirección web no válida',
  percentRange: 'Debe estar entre 0 y 100',
  tourOperatorRequired: 'Los usuarios de este rol necesitan un tour operador',
} as const;

/** Notifications last 5000 ms and appear at the bottom (spec §9). */
export const NOTIFICATION_MS = 5000;
