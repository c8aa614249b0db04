// Preloaded (node --import) into the server bench/availability-stall.ts starts: measures how long
// the event loop was blocked (perf_hooks.monitorEventLoopDelay) and answers the runner over IPC
// with the figures since the last question ({ p50, p99, max } in ms), then starts afresh.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
process.on('message', (msg) => {
  if (msg !== 'event-loop-delay') return;
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  process.send?.({ eventLoopDelay: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) } });
  h.reset();
});
