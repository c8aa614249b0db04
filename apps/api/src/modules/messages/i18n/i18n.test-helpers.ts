/** Shared by the language tests of the customer messages (issue 15). */
import { es } from './es';

/** Every text of a dictionary with its path ("confirmed.intro"). */
export function textsOf(dict: object, prefix = ''): [string, string][] {
  return Object.entries(dict).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : textsOf(value, `${prefix}${key}.`),
  );
}

/**
 * The Spanish dictionary's words that must never reach another language's message: every text cut
 * at its placeholders and line breaks, the pieces of 12 characters or more (shorter ones, such as
 * "Total" or "senior", are words other languages share). Names and links come from the booking,
 * never from the dictionary, so none is among them.
 */
export const SPANISH_FRAGMENTS: readonly string[] = [
  ...new Set(
    textsOf(es)
      .flatMap(([, text]) => text.split(/\{\w+\}|\n/))
      .map((piece) => piece.trim())
      .filter((piece) => piece.length >= 12),
  ),
];

/** The Spanish pieces found in `output` (none, for a message in another language). */
export const spanishIn = (output: string) => SPANISH_FRAGMENTS.filter((piece) => output.includes(piece));
