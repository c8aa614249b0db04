/**
 * What backup.ts and restore.ts share (docs/operations.md, "Copias de seguridad"): how to reach
 * PostgreSQL's client tools without putting the password on a command line, the embedded
 * directory's lock, and the figures printed to compare a backup with its restore.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export const run = promisify(execFile);

/** The tables whose counts and checksums prove a restore (every table of the schema). */
async function listTables(db: Db): Promise<string[]> {
  const res = await db.execute<{ t: string }>(
    sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return res.rows.map((r) => r.t);
}

/**
 * Rows and an md5 over every row of each table, ordered by its text form: two databases with the
 * same figures hold the same data.
 */
export async function tableFingerprints(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const table of await listTables(db)) {
    const res = await db.execute<{ rows: number; md5: string | null }>(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${table}" t`,
      ),
    );
    out[table] = { rows: Number(res.rows[0].rows), md5: res.rows[0].md5 ?? '' };
  }
  return out;
}

/**
 * libpq environment variables for a postgres:// URL: pg_dump and pg_restore read the password
 * from PGPASSWORD, so it never shows in `ps`.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname) || 'localhost',
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** SHA-256 of a file (printed beside each backup, to check a copy before restoring it). */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `20261122-231502`: sortable, no characters a file system dislikes. */
export const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export const defaultBackupDir = (dataDir: string) => path.join(dataDir, 'backups');

export const fmtBytes = (n: number) =>
  n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / (1024 * 1024)).toFixed(1)} MB`;

/** Command-line flags: `--name value`, `--flag`, and positional arguments. */
export function parseArgs(argv: string[]) {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--') && a !== '--force') {
        flags.set(a.slice(2), next);
        i++;
      } else flags.set(a.slice(2), true);
    } else positional.push(a);
  }
  return { flags, positional };
}
