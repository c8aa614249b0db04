/**
 * Runs once per `vitest run`, before any API test file: migrates ONE template database, which every
 * test file then copies instead of building and migrating its own (issue 31, item 15: a newcomer's
 * `npm test` spent most of its time creating 80 embedded clusters).
 *
 * - PGlite (the default): a new in-memory cluster, migrated, dumped to a tarball in a temporary
 *   folder; `createTestDatabase()` starts each file's database from it (`loadDataDir`, ~0.4 s
 *   instead of ~2.5 s for a new cluster plus its migrations).
 * - PostgreSQL (`TEST_DATABASE_URL`): a migrated database `trayecto_tpl_<random>` that each file
 *   copies with `CREATE DATABASE … TEMPLATE`; dropped when the run ends.
 *
 * The copy is what every file got before (a fresh, fully migrated database of its own): nothing is
 * shared between files at run time, and the migrations themselves are still exercised here and by
 * the tests that open an empty database on purpose (faults.test.ts, app.test.ts, backup.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tarball) every test file starts from. */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database every test file copies (TEST_DATABASE_URL runs). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = await mkdtemp(path.join(tmpdir(), 'trayecto-test-template-'));
    const file = path.join(dir, 'pgdata.tar');
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      const dump = await database.dumpDataDir?.();
      if (!dump) throw new Error('PGlite did not dump its data directory');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', '');
    return async () => {
      await rm(dir, { recursive: true, force: true });
    };
  }

  const name = `trayecto_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    // A template must have no connection open while it is copied.
    await database.close();
  }
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return async () => {
    await adminQuery(url, `drop database if exists ${name} with (force)`);
  };
}

async function adminQuery(url: string, statement: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
