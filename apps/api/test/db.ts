import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database
 * of its own (unique name, dropped afterwards) on the server named by TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<Database & { label: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return { ...database, label: 'pglite' };
  }
  const name = `trayecto_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 10 });
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
