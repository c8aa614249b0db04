import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { type ListParams, parseListQuery, type ResourceListSpec } from './filters';
import { assertId } from './ids';
import { setPagingHeaders } from './pagination';
import { errorResponses, listFilters, rowsWithFields, sparseRow, ZIdParams, ZListQuery } from './route-schemas';
import type { Actor } from './tenant';

type Op<S> = { roles: readonly number[]; summary: string } & S;

/**
 * The five routes every resource shares (PRODUCT.md §2): list with the list conventions, read,
 * create (201), edit (200, fields not sent stay) and delete (204), each behind its role check
 * (run on request, before the body is read). Leave an operation out to not offer it. The list
 * reads with `req.dbRead` (the read replica when there is one, ADR 033); reading one record, and
 * every write, use the primary: an edit form must start from the latest version.
 */
export function registerCrudRoutes<TCreate extends z.ZodType, TUpdate extends z.ZodType, TResponse extends z.ZodType>(
  app: FastifyInstance,
  cfg: {
    path: string;
    tags: string[];
    /** "El vehículo": used in "El vehículo no existe". */
    what: string;
    response: TResponse;
    list?: Op<{
      spec: ResourceListSpec;
      run: (db: Db, actor: Actor, params: ListParams) => Promise<{ items: z.output<TResponse>[]; total: number }>;
    }>;
    get?: Op<{ run: (db: Db, actor: Actor, id: string) => Promise<z.output<TResponse>> }>;
    create?: Op<{
      body: TCreate;
      /** `req` for what a creation needs of the request beyond its body (the origin of an invitation's link). */
      run: (db: Db, actor: Actor, body: z.output<TCreate>, req: FastifyRequest) => Promise<z.output<TResponse>>;
    }>;
    update?: Op<{
      body: TUpdate;
      run: (db: Db, actor: Actor, id: string, body: z.output<TUpdate>) => Promise<z.output<TResponse>>;
    }>;
    remove?: Op<{ run: (db: Db, actor: Actor, id: string) => Promise<void> }>;
  },
) {
  // Registered untyped: the zod compilers validate and serialise at run time; the generic config
  // above is what keeps each resource's handlers typed.
  const r = app;
  const { path, tags, what, response } = cfg;
  const idOf = (params: { id: string }) => assertId(params.id, what);

  if (cfg.list) {
    const { spec, run, roles, summary } = cfg.list;
    r.get(
      path,
      {
        onRequest: app.requireRoles(roles),
        schema: {
          tags,
          summary,
          querystring: ZListQuery,
          ...listFilters(spec),
          // A list that takes `fields` answers rows with only the fields asked for (ADR 054).
          response: { 200: z.array(spec.fields ? sparseRow(response) : response), ...errorResponses },
        },
      },
      async (req, reply) => {
        const params = parseListQuery(req.query as Record<string, unknown>, spec);
        // A list tolerates a second of lag: the read replica when there is one (ADR 033).
        const { items, total } = await run(req.dbRead, req.actor, params);
        setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
        return rowsWithFields(items, params.fields);
      },
    );
  }
  if (cfg.get) {
    const { run, roles, summary } = cfg.get;
    r.get(
      `${path}/:id`,
      {
        onRequest: app.requireRoles(roles),
        schema: { tags, summary, params: ZIdParams, response: { 200: response, ...errorResponses } },
      },
      async (req) => run(app.db, req.actor, idOf(req.params as { id: string })),
    );
  }
  if (cfg.create) {
    const { run, roles, summary, body } = cfg.create;
    r.post(
      path,
      {
        onRequest: app.requireRoles(roles),
        schema: { tags, summary, body, response: { 201: response, ...errorResponses } },
      },
      async (req, reply) => reply.code(201).send(await run(app.db, req.actor, req.body as z.output<TCreate>, req)),
    );
  }
  if (cfg.update) {
    const { run, roles, summary, body } = cfg.update;
    r.put(
      `${path}/:id`,
      {
        onRequest: app.requireRoles(roles),
        schema: { tags, summary, params: ZIdParams, body, response: { 200: response, ...errorResponses } },
      },
      async (req) => run(app.db, req.actor, idOf(req.params as { id: string }), req.body as z.output<TUpdate>),
    );
  }
  if (cfg.remove) {
    const { run, roles, summary } = cfg.remove;
    r.delete(
      `${path}/:id`,
      {
        onRequest: app.requireRoles(roles),
        schema: { tags, summary, params: ZIdParams, response: { 204: z.null(), ...errorResponses } },
      },
      async (req, reply) => {
        await run(app.db, req.actor, idOf(req.params as { id: string }));
        return reply.code(204).send(null);
      },
    );
  }
}
