import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema';

/** Both drivers expose the same drizzle PostgreSQL API; we type against node-postgres's. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows a raw statement touched: node-postgres says `rowCount`, PGlite `affectedRows`. */
export const affectedRows = (res: unknown) => {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};
