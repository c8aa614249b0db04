/**
 * The public API's and the public pages' error messages in Spanish (issue 15): the source the other
 * languages translate. Zod-free; each language is its own module, so a public page downloads only
 * its language's (`@trayecto/shared/i18n/errors/{lang}`), and the API loads all six.
 *
 * `messages` maps a Spanish message the API or the shared field rules produce to this language
 * (identity here); `patterns` those with a number or name in them; `byCode` says what an error
 * code means when its message has no translation (a message added later never leaks Spanish).
 */
export const errors = {
  /** No answer from the server. */
  network: 'No hemos podido conectar. Comprueba tu conexión e inténtalo de nuevo.',
  /** A 5xx. */
  server: 'Algo ha fallado en nuestro servidor. Inténtalo de nuevo en unos segundos.',
  /** A 429. */
  tooMany: 'Has hecho demasiados intentos seguidos. Espera un momento y vuelve a intentarlo.',
  /** A page whose code could not be fetched. */
  pageLoad: 'No hemos podido cargar esta página. Comprueba tu conexión y vuelve a intentarlo.',
  byCode: {} as Record<string, string>,
  messages: {} as Record<string, string>,
  patterns: [] as [RegExp, (m: RegExpExecArray) => string][],
};
export type TErrorsDict = typeof errors;
