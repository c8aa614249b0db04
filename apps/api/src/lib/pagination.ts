import { LIST_COUNT_CAP } from '@trayecto/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';

/**
 * ADR 027: a list counts its rows up to LIST_COUNT_CAP. The rows of `query` (a select of the list's
 * table with its conditions, any columns) are counted with a LIMIT of one more than the cap, so a
 * list of a million rows costs an index range of 10,001 entries instead of all of them. A result of
 * LIST_COUNT_CAP + 1 means "more than LIST_COUNT_CAP"; `setPagingHeaders` says so.
 */
export async function countUpTo(db: DbOrTx, query: SQLWrapper & { limit: (n: number) => SQLWrapper }): Promise<number> {
  const limited: SQL = sql`${query.limit(LIST_COUNT_CAP + 1)}`;
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${limited}) as counted`);
  return Number(res.rows[0]?.n ?? 0);
}

/** The list's URL with these parameters set (null removes one), as it goes in a Link header. */
function linkTo(req: FastifyRequest, params: Record<string, string | null>, rel: string) {
  const url = new URL(req.url, 'http://localhost');
  for (const [k, v] of Object.entries(params)) {
    if (v === null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  return `<${url.pathname}${url.search.replaceAll('%5B', '[').replaceAll('%5D', ']')}>; rel="${rel}"`;
}

/**
 * The headers of a list that offers a keyset cursor (bookings, schedule sheets, the audit log):
 * X-Total-Count (capped, ADR 027), X-Next-Cursor and Link. Without a next cursor (an order of its
 * own, or the last page) it pages by number as every list does (`setPagingHeaders`). With one,
 * rel="next" is the cursor (a client following Link never pages with OFFSET) and first/prev/last
 * stay page numbers; a cursor page carries no total (page one counted) and so no prev or last.
 */
export function setCursorListHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  p: { page: number; perPage: number; total: number | null; nextCursor: string | null; cap?: number },
) {
  const cap = p.cap ?? LIST_COUNT_CAP;
  if (p.total !== null && !p.nextCursor) {
    setPagingHeaders(req, reply, { page: p.page, perPage: p.perPage, total: p.total, cap });
    return;
  }
  const perPage = String(p.perPage);
  const links = [linkTo(req, { cursor: null, per_page: perPage, page: '1' }, 'first')];
  const capped = p.total !== null && p.total > cap;
  const lastPage = p.total === null || capped ? null : Math.max(1, Math.ceil(p.total / p.perPage));
  if (p.total !== null && p.page > 1) {
    const prev = lastPage === null ? p.page - 1 : Math.min(p.page - 1, lastPage);
    links.push(linkTo(req, { cursor: null, per_page: perPage, page: String(prev) }, 'prev'));
  }
  if (p.nextCursor) {
    reply.header('X-Next-Cursor', p.nextCursor);
    links.push(linkTo(req, { page: null, per_page: perPage, cursor: p.nextCursor }, 'next'));
  }
  if (p.total !== null) {
    reply.header('X-Total-Count', String(capped ? cap : p.total));
    if (capped) reply.header('X-Total-Count-Capped', 'true');
  }
  if (lastPage !== null) links.push(linkTo(req, { cursor: null, per_page: perPage, page: String(lastPage) }, 'last'));
  reply.header('Link', links.join(', '));
}

/**
 * Sets `X-Total-Count` and an RFC 8288 `Link` header (first, prev, next, last) on a list answer.
 * Past the cap (ADR 027: LIST_COUNT_CAP unless the list counted up to another `cap`) the count is the
 * cap with `X-Total-Count-Capped: true`, and there is no rel="last" (nobody counted that far);
 * rel="next" stays while the page is full.
 */
export function setPagingHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  { page, perPage, total, cap = LIST_COUNT_CAP }: { page: number; perPage: number; total: number; cap?: number },
) {
  const capped = total > cap;
  reply.header('X-Total-Count', String(capped ? cap : total));
  if (capped) reply.header('X-Total-Count-Capped', 'true');
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = new URL(req.url, 'http://localhost');
  const link = (p: number, rel: string) => {
    url.searchParams.set('page', String(p));
    url.searchParams.set('per_page', String(perPage));
    return `<${url.pathname}${url.search.replaceAll('%5B', '[').replaceAll('%5D', ']')}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(capped ? page - 1 : Math.min(page - 1, lastPage), 'prev'));
  if (capped || page < lastPage) links.push(link(page + 1, 'next'));
  if (!capped) links.push(link(lastPage, 'last'));
  reply.header('Link', links.join(', '));
}
