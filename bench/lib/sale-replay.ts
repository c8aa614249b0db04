/**
 * A sale's own statements replayed by the bare baseline (issue 35, goal 3: "the same SQL in the bare
 * baseline"): run.ts sends each sale twice through the real application (capture.ts, `app.inject`)
 * on the same departure, with a different key, address or OCTO uuid; what differs between the two
 * recordings is what each sale makes new (the booking's id, its locator, the Idempotency-Key, the
 * rate limit's key, the OCTO uuid, a body hash). The baseline then sends a recording's statements
 * again and again with those values made fresh on every request, so each replay is a new sale of
 * the same shape on the same departure — nothing else changes: the texts, the names they were
 * prepared under, every other value.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Statement } from '../capture';

/**
 * A parameter that is a value an earlier statement of the same sale returned (the idempotency
 * key's claim time, which the sale's write checks it still holds): statement `at`'s parameter
 * `param` is statement `from`'s first row's `field`, in statement order.
 */
export type Link = { at: number; param: number; from: number; field: string };

/** One recorded sale: its statements in waves, the values each replay makes fresh, its links. */
export type SaleRecording = { waves: Statement[][]; tokens: string[]; links: Link[] };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const LOCATOR = /TRY-[A-Z0-9]{6}/g;

/**
 * What a differing value names: the ids and locators inside it, or, when it has none and is not a
 * date, a number or a document, the whole value (a key, an address's limit key, a hash).
 */
function candidates(v: unknown): string[] {
  if (v !== null && typeof v === 'object') {
    const text = JSON.stringify(v);
    return [...(text.match(UUID) ?? []), ...(text.match(LOCATOR) ?? [])];
  }
  if (typeof v !== 'string') return [];
  const found = [...(v.match(UUID) ?? []), ...(v.match(LOCATOR) ?? [])];
  if (found.length > 0) return found;
  return /^[\d{["-]/.test(v) || v.length < 6 ? [] : [v];
}

/**
 * The values `a` made new, against its twin `b` (the same sale on the same departure): those found
 * in the parameters where the two differ, and only in `a`. Throws when the two did not send the
 * same statements (a refusal in one of them).
 */
export function recordingOf(a: Statement[][], b: Statement[][]): SaleRecording {
  const flat = (w: Statement[][]) => w.flat();
  const [sa, sb] = [flat(a), flat(b)];
  if (sa.length !== sb.length || sa.some((s, k) => s.text !== sb[k].text)) {
    const head = (l: Statement[]) => l.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 80)).join('\n    ');
    throw new Error(`las dos ventas no enviaron las mismas sentencias:\n    ${head(sa)}\n  y\n    ${head(sb)}`);
  }
  const mine = new Set<string>();
  const theirs = new Set<string>();
  const links: Link[] = [];
  sa.forEach((s, k) => {
    s.values.forEach((v, j) => {
      const w = sb[k].values[j];
      if (JSON.stringify(v) === JSON.stringify(w)) return;
      const from = sa.findIndex((e, i) => i < k && fieldOf(e.returned, v) !== undefined);
      if (from >= 0 && typeof v === 'string') {
        links.push({ at: k, param: j, from, field: fieldOf(sa[from].returned, v) as string });
        return;
      }
      for (const t of candidates(v)) mine.add(t);
      for (const t of candidates(w)) theirs.add(t);
    });
  });
  return { waves: a, tokens: [...mine].filter((t) => !theirs.has(t)), links };
}

/** The field of `row` (an object or an array row) whose text is `value`, if any. */
function fieldOf(row: unknown, value: unknown): string | undefined {
  if (row === null || typeof row !== 'object' || typeof value !== 'string') return undefined;
  return Object.entries(row).find(([, x]) => x !== null && String(x) === value)?.[0];
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
let seq = 0;

/** A fresh value of the token's kind: a uuid for a uuid, a locator for a locator, else a suffix. */
function freshOf(token: string): string {
  if (/^[0-9a-f-]{36}$/.test(token)) return randomUUID();
  if (/^TRY-[A-Z0-9]{6}$/.test(token)) return `TRY-${[...randomBytes(6)].map((x) => ALPHABET[x & 31]).join('')}`;
  return `${token}~${++seq}`;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Sends a recording's statements with `send`, one after another, its links' values taken from what
 * this replay's statements returned; answers the last one's rows.
 */
export async function replaySale(
  rec: SaleRecording,
  send: (st: Statement) => Promise<{ rows: unknown[] }>,
): Promise<unknown[]> {
  const returned: unknown[] = [];
  let rows: unknown[] = [];
  for (const [k, st] of freshStatements(rec).flat().entries()) {
    const values = [...st.values];
    for (const l of rec.links) {
      if (l.at !== k) continue;
      const row = returned[l.from] as Record<string, unknown> | undefined;
      values[l.param] = row?.[l.field] === undefined || row[l.field] === null ? null : String(row[l.field]);
    }
    rows = (await send({ ...st, values })).rows;
    returned.push(rows[0]);
  }
  return rows;
}

/**
 * The recording's statements with fresh values for its tokens, the same fresh value wherever a
 * token appears (the booking's id in its own row, its job, its message's key and its stored answer).
 */
export function freshStatements(rec: SaleRecording): Statement[][] {
  if (rec.tokens.length === 0) return rec.waves;
  const map = new Map(rec.tokens.map((t) => [t, freshOf(t)]));
  const re = new RegExp(rec.tokens.map(literal).join('|'), 'g');
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(re, (t) => map.get(t) ?? t);
    // Non-text parameters (arrays of a sale's rows) are JSON-like: replaced in their text form.
    if (v !== null && typeof v === 'object') return JSON.parse(swap(JSON.stringify(v)) as string);
    return v;
  };
  return rec.waves.map((wave) => wave.map((s) => ({ ...s, values: s.values.map(swap) })));
}
