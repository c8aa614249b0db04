// Preloaded (node --import) into the API that bench/run.ts starts with BENCH_API_PROFILE=scenarios:
// a V8 CPU profile of exactly the measured windows, one file per scenario, instead of `--cpu-prof`'s
// one profile of the whole life of the process (start-up, SQL capture, warm-ups and the baseline's
// turns included). The runner sends `{ profile: 'start' }` before a measurement and
// `{ profile: 'stop', file }` after it, over the IPC channel it already opens (exit-with-parent.mjs);
// the profile is written to `file` and acknowledged with `{ profiled: file }`.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
// 1 sample every 100 µs (V8's default is 1 ms): enough for a few seconds of requests of ~1 ms each.
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });

let running = false;
process.on('message', async (m) => {
  if (!m || typeof m !== 'object' || !('profile' in m)) return;
  if (m.profile === 'start' && !running) {
    running = true;
    await session.post('Profiler.start');
    process.send?.({ profiled: 'started' });
  } else if (m.profile === 'stop' && running) {
    running = false;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(m.file, JSON.stringify(profile));
    process.send?.({ profiled: m.file });
  }
});
