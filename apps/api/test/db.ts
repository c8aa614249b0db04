import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

/** The template's bytes, read once per test file (a file may open several databases). */
let pgliteTemplate: Promise<Blob | undefined> | undefined;

function loadPgliteTemplate(): Promise<Blob | undefined> {
  pgliteTemplate ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return pgliteTemplate;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database
 * of its own (unique name, dropped afterwards) on the server named by TEST_DATABASE_URL. Both start
 * from the run's migrated template (test/global-setup.ts) when there is one, else migrate.
 */
export async function createTestDatabase(
  opts: {
    preparedStatements?: boolean;
    poolSize?: number;
    /** Keep PostgreSQL's default `synchronous_commit = on` (a test of the setting itself). */
    durableCommits?: boolean;
  } = {},
): Promise<Database & { label: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = await loadPgliteTemplate();
    const database = await openDatabase({ kind: 'pglite', loadDataDir: template });
    // From the template this only checks that nothing is pending (one read).
    await database.migrate();
    return { ...database, label: 'pglite' };
  }
  const name = `trayecto_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  // A test database is thrown away at the end of its file: its commits need not wait for the disk
  // (2 ms each on a virtual disk's fdatasync). Everything else about a commit is unchanged, and a
  // test of the setting itself keeps the default (`durableCommits`).
  if (!opts.durableCommits) await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({
    kind: 'postgres',
    url: dbUrl.toString(),
    poolSize: opts.poolSize ?? 10,
    preparedStatements: opts.preparedStatements,
  });
  await database.migrate();
  return {
    ...database,
    label: 'postgres',
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
