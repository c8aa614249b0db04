/**
 * A process that claims background work and never finishes it (multi-process.test.ts kills it):
 * one periodic task and one job, each with a 2 s lease kept alive by the runner's heartbeat while
 * this process lives. Prints "task started" and "job started <id>" once it holds them.
 */
import { openDatabase } from '../src/db/client';
import { createJobRunner } from '../src/lib/jobs/runner';

const url = process.argv[2];
if (!url) throw new Error('usage: background-child.ts <DATABASE_URL>');
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const forever = () => new Promise<void>(() => {});
const runner = createJobRunner({
  db: database.db,
  owner: 'child',
  tasks: [
    {
      name: 'test.hang',
      everyMs: 60_000,
      leaseMs: 2000,
      run: async () => {
        console.log('task started');
        await forever();
      },
    },
  ],
  handlers: [
    {
      kind: 'test.hang',
      leaseMs: 2000,
      run: async ({ job }) => {
        console.log(`job started ${job.id}`);
        await forever();
      },
    },
  ],
});
await runner.register();
void runner.tick();
