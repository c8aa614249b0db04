/**
 * A private PostgreSQL 15 primary and its streaming standby on this machine, for the read replica's
 * test (ADR 033), like the fault test's private cluster (bench/fault-pg-restart.ts): never the
 * machine's shared server. Both live in one folder under the OS's temporary directory, deleted by
 * `destroy()` — and, should the test process end first, by an exit handler.
 *
 * Run as root the servers run as the `postgres` OS user (runuser); otherwise as the current user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const asRoot = userInfo().uid === 0;

/** A port nothing listens on now (the OS's pick). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function command(bin: string, args: string[]): [string, string[]] {
  const file = path.join(PG_BIN, bin);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

async function pgTool(bin: string, args: string[]) {
  const [file, argv] = command(bin, args);
  try {
    await run(file, argv, { timeout: 60_000 });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${bin} ${args.join(' ')}: ${e.message}\n${e.stderr ?? ''}${e.stdout ?? ''}`);
  }
}

export type ReplicatedCluster = {
  /** postgres://postgres@127.0.0.1:<port>/<database> of the primary. */
  primaryUrl(database?: string): string;
  /** The same database on the standby. */
  replicaUrl(database?: string): string;
  /** What the standby logged: every statement, each line prefixed with its application_name and `|`. */
  replicaLog(): string;
  /** Runs one statement on the standby as the superuser (pausing replay…). */
  onReplica<T extends pg.QueryResultRow>(statement: string): Promise<T[]>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  destroy(): Promise<void>;
};

/**
 * initdb a primary (wal_level=replica), `pg_basebackup -R` a standby of it, start both on free
 * ports. The standby logs every statement (log_statement=all) so the test can read what reached it.
 */
export async function startReplicatedCluster(): Promise<ReplicatedCluster> {
  const work = mkdtempSync(path.join(tmpdir(), 'trayecto-replica-'));
  const primaryDir = path.join(work, 'primary');
  const replicaDir = path.join(work, 'replica');
  const replicaLogFile = path.join(work, 'replica.log');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started = new Set<string>();

  const stopSync = () => {
    for (const dir of started) {
      try {
        const [file, argv] = command('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
        execFileSync(file, argv, { stdio: 'ignore', timeout: 20_000 });
      } catch {
        // already stopped
      }
    }
    started.clear();
    rmSync(work, { recursive: true, force: true });
  };
  // The test process may end without afterAll (a crash, a timeout): leave no server behind.
  process.once('exit', stopSync);

  const common = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${work} -c max_connections=40 -c fsync=off -c full_page_writes=off`;
  const start = async (dir: string, log: string, options: string) => {
    await pgTool('pg_ctl', ['-D', dir, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    started.add(dir);
  };
  const replicaOptions = `${common(replicaPort)} -c log_statement=all -c log_line_prefix='%a|'`;

  try {
    if (asRoot) {
      chownSync(
        work,
        Number(execFileSync('id', ['-u', 'postgres']).toString()),
        Number(execFileSync('id', ['-g', 'postgres']).toString()),
      );
    }
    chmodSync(work, 0o700);
    await pgTool('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await start(
      primaryDir,
      path.join(work, 'primary.log'),
      `${common(primaryPort)} -c wal_level=replica -c max_wal_senders=4`,
    );
    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming standby.
    await pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    await start(replicaDir, replicaLogFile, replicaOptions);
  } catch (err) {
    stopSync();
    process.removeListener('exit', stopSync);
    throw err;
  }

  const url = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    replicaLog: () => readFileSync(replicaLogFile, 'utf8'),
    async onReplica<T extends pg.QueryResultRow>(statement: string) {
      const c = new pg.Client({ connectionString: url(replicaPort), application_name: 'replica-test' });
      await c.connect();
      try {
        return (await c.query<T>(statement)).rows;
      } finally {
        await c.end();
      }
    },
    async stopReplica() {
      await pgTool('pg_ctl', ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
      started.delete(replicaDir);
    },
    async startReplica() {
      await start(replicaDir, replicaLogFile, replicaOptions);
    },
    async destroy() {
      for (const dir of [...started]) {
        await pgTool('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
        started.delete(dir);
      }
      rmSync(work, { recursive: true, force: true });
      process.removeListener('exit', stopSync);
    },
  };
}
