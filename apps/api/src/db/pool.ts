/**
 * The PostgreSQL pool (ADR 043). pg-pool's `query` hands its connection back with the query's
 * error, and a connection handed back with an error is closed: every refusal PostgreSQL answers
 * outside a transaction — a sale's seats refusal and a key taken over (ADR 041, ADR 042), a
 * locator or an OCTO uuid already taken, a lock timeout — cost a new connection (a backend forked,
 * its session set up) and every statement prepared on the old one (ADR 040). An ERROR the server
 * answers leaves the connection ready for the next statement (the server has rolled the statement
 * back and is idle again; a statement prepared before it is still prepared), so it is kept; any
 * other failure — a FATAL, a broken socket, a client-side timeout — still closes it.
 */
import pg from 'pg';

/** Whether the server answered this error and the connection is ready for the next statement. */
export const leavesConnectionReady = (err: unknown) => err instanceof pg.DatabaseError && err.severity === 'ERROR';

/** A pool whose `query` keeps its connection after an error the server answered (see above). */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const queryAsPgPool = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const [config, values] = args as [pg.QueryConfig | string, unknown[] | undefined];
    const callback = args.some((a) => typeof a === 'function');
    const submittable = typeof (config as { submit?: unknown })?.submit === 'function';
    if (callback || submittable) return queryAsPgPool(...args);
    return pool.connect().then(async (client) => {
      try {
        const res = await client.query(config as pg.QueryConfig, values);
        client.release();
        return res;
      } catch (err) {
        client.release(leavesConnectionReady(err) ? undefined : (err as Error));
        throw err;
      }
    });
  }) as pg.Pool['query'];
  return pool;
}
