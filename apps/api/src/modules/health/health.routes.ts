import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AUTOVACUUM_OFF_READY_WARNING, autovacuumOff } from '../../db/maintenance';
import { describeMigrationProblem } from '../../db/migration-status';

/** How long readiness waits for `select 1` before calling the database unreachable. */
export const READY_PING_TIMEOUT_MS = 2000;

/**
 * Servers that are shutting down, keyed by their http.Server (the same object in every
 * encapsulated Fastify context, so server.ts and this plugin agree without a decorator).
 */
const draining = new WeakSet<object>();

/** How long a read of the server's autovacuum setting is reused by /ready (it changes on a reload only). */
const SETTINGS_CHECK_MS = 5 * 60_000;
const autovacuumChecks = new WeakMap<Database, { at: number; off: boolean }>();

/**
 * ADR 049: what /ready tells the operator without failing (`warnings`): a PostgreSQL server without
 * autovacuum. Read at most every five minutes per database; a failed read says nothing.
 */
async function readinessWarnings(database: Database, now: number): Promise<string[] | undefined> {
  if (database.kind !== 'postgres') return undefined;
  let check = autovacuumChecks.get(database);
  if (!check || now - check.at >= SETTINGS_CHECK_MS) {
    const off = await autovacuumOff(database.db).catch(() => false);
    check = { at: now, off };
    autovacuumChecks.set(database, check);
  }
  return check.off ? [AUTOVACUUM_OFF_READY_WARNING] : undefined;
}

/**
 * From now on /ready answers 503 "shutting_down" so load balancers stop sending traffic, while
 * the server still serves what reaches it (server.ts waits SHUTDOWN_DRAIN_MS, then closes).
 */
export function markShuttingDown(app: FastifyInstance) {
  draining.add(app.server);
}

const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({
  status: z.enum(['ok', 'unavailable', 'shutting_down']),
  /** On a 503, the error code every error answer carries. */
  code: z.literal('UNAVAILABLE').optional(),
  database: z.enum(['pglite', 'postgres']),
  /** Checks that failed, in Spanish for the person reading the balancer's log. */
  problems: z.array(z.string()).optional(),
  /** What the operator should fix that does not stop traffic (ADR 049: no autovacuum), in Spanish. */
  warnings: z.array(z.string()).optional(),
  /** PostgreSQL pool figures: connections open, idle and requests waiting for one. */
  pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number(), max: z.number() }).optional(),
  /**
   * The read replica (DATABASE_REPLICA_URL, ADR 033), from its last check: informative only. A
   * replica that lags or is down sends reads to the primary and never makes this answer 503.
   */
  replica: z
    .object({
      status: z.enum(['starting', 'ok', 'lagging', 'down', 'not_standby']),
      /** Where lag-tolerant reads go now. */
      reads: z.enum(['replica', 'primary']),
      lag_ms: z.number().optional(),
      /** Why reads do not go to it, in Spanish. */
      problem: z.string().optional(),
      pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number(), max: z.number() }),
    })
    .optional(),
  /** How long the checks took (ms). */
  duration_ms: z.number(),
});

/** Liveness and readiness for load balancers and orchestrators (docs/operations.md). */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preClose', async () => markShuttingDown(app));

  r.get(
    '/health',
    {
      schema: {
        tags: ['Sistema'],
        summary: 'El proceso está vivo (no consulta la base de datos)',
        security: [],
        response: { 200: ZHealth },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  r.get(
    '/ready',
    {
      schema: {
        tags: ['Sistema'],
        summary:
          'Listo para servir: base de datos accesible (2 s), migraciones al día y sin apagado en curso; 503 si no',
        description:
          'Con DATABASE_REPLICA_URL, `replica` dice cómo está la réplica de lectura según su última comprobación (estado, retraso en ms, a dónde van las lecturas y por qué): es informativo, una réplica retrasada o caída manda las lecturas a la principal y nunca hace que esta respuesta sea 503.',
        security: [],
        response: { 200: ZReady, 503: ZReady },
      },
    },
    async (req, reply) => {
      const started = performance.now();
      const database = app.database;
      const problems: string[] = [];
      let warnings: string[] | undefined;
      let status: 'ok' | 'unavailable' | 'shutting_down' = 'ok';
      if (draining.has(app.server)) {
        status = 'shutting_down';
        problems.push('El servidor se está deteniendo');
      }
      const fault = database.fault();
      if (fault) problems.push(fault);
      else {
        try {
          await database.ping(READY_PING_TIMEOUT_MS);
          const migrations = describeMigrationProblem(await database.migrationStatus());
          if (migrations) problems.push(migrations);
          warnings = await readinessWarnings(database, Date.now());
        } catch (err) {
          req.log.warn({ err }, 'readiness: database unreachable');
          problems.push('La base de datos no responde');
        }
      }
      if (problems.length > 0 && status === 'ok') status = 'unavailable';
      const replica = database.replica;
      const replicaState = replica?.state();
      reply.header('Cache-Control', 'no-store');
      return reply.code(status === 'ok' ? 200 : 503).send({
        status,
        code: status === 'ok' ? undefined : 'UNAVAILABLE',
        database: database.kind,
        problems: problems.length > 0 ? problems : undefined,
        warnings,
        pool: database.stats(),
        replica:
          replica && replicaState
            ? {
                status: replicaState.status,
                reads: replica.usable() ? ('replica' as const) : ('primary' as const),
                lag_ms: replicaState.lagMs,
                problem: replicaState.problem,
                pool: replica.stats(),
              }
            : undefined,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
      });
    },
  );
}
