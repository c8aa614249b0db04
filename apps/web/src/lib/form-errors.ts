/**
 * Form errors in one shape for every form: `{ "field": "message" }`, where a field inside a list is
 * a dotted path ("unavailable_periods.0.to") as @mantine/form names it. Used for the shared zod
 * schemas' issues (client-side) and for a 422/409 answer's `errors` (server-side).
 */
/** zod issues → one message per field path (the first one wins). */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** "periods[0].to" and "periods/0/to" → "periods.0.to". */
export function normalizeErrorPath(key: string): string {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+/, '');
}

/**
 * Maps an API answer's `errors` onto the form's fields (PRODUCT §5: "server 422 errors mapped onto
 * the same fields"); messages for fields the form does not have go to `rest`, shown above the form.
 */
export function mapServerErrors(
  fieldErrors: Record<string, string[]>,
  formFields: readonly string[],
  aliases: Record<string, string> = {},
): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [rawKey, msgs] of Object.entries(fieldErrors)) {
    const msg = msgs[0];
    if (!msg) continue;
    const key = normalizeErrorPath(aliases[rawKey] ?? rawKey);
    const top = key.split('.')[0] ?? key;
    const field = aliases[top] ?? top;
    const path = field === top ? key : `${field}${key.slice(top.length)}`;
    if (formFields.includes(field)) fields[path] ??= msg;
    else rest.push(msg);
  }
  return { fields, rest };
}

/**
 * The error to focus first: the one highest up the form (fields in `order`, list rows by index),
 * not the first one the validator happened to report.
 */
export function firstErrorPath(errors: Record<string, unknown>, order: readonly string[]): string | undefined {
  const rank = (path: string) => {
    const [top = '', index = '0'] = path.split('.');
    const i = order.indexOf(top);
    return [i < 0 ? order.length : i, Number(index) || 0] as const;
  };
  return Object.keys(errors)
    .filter((k) => errors[k])
    .sort((a, b) => {
      const [ta, ia] = rank(a);
      const [tb, ib] = rank(b);
      return ta - tb || ia - ib;
    })[0];
}
