import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sets `X-Total-Count` and an RFC 8288 `Link` header (first, prev, next, last) on a list answer.
 */
export function setPagingHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  { page, perPage, total }: { page: number; perPage: number; total: number },
) {
  reply.header('X-Total-Count', String(total));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = new URL(req.url, 'http://localhost');
  const link = (p: number, rel: string) => {
    url.searchParams.set('page', String(p));
    url.searchParams.set('per_page', String(perPage));
    return `<${url.pathname}${url.search.replaceAll('%5B', '[').replaceAll('%5D', ']')}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(Math.min(page - 1, lastPage), 'prev'));
  if (page < lastPage) links.push(link(page + 1, 'next'));
  links.push(link(lastPage, 'last'));
  reply.header('Link', links.join(', '));
}
