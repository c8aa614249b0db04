/**
 * A Spanish error message in the customer's language (issue 15): its translation when the language
 * has one (exact, or a pattern with numbers and dates), else what its `code` means, else the
 * language's generic message. The source language (Spanish) shows messages as they come. Used by
 * the public API on every answer (Accept-Language) and by the public pages on their own checks.
 */
import type { TErrorsDict } from './errors/es';

export function translateError(message: string, dict: TErrorsDict, code?: string | null): string {
  if (dict.source) return message;
  const exact = (dict.messages as Record<string, string>)[message];
  if (exact) return exact;
  for (const [re, fn] of dict.patterns) {
    const m = re.exec(message);
    if (m) return fn(m);
  }
  const byCode = dict.byCode as Record<string, string>;
  return (code && byCode[code]) || byCode.GENERIC;
}
