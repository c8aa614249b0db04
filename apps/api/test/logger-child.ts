/**
 * A process that logs through the server's own logger (createLogger, stdout written asynchronously,
 * ADR 047) for logging.test.ts. `burst <n>`: logs n lines, then `process.exit(3)` at once, as the
 * server does after a fatal error. `idle`: logs one line and stays alive until killed.
 */
import { createLogger } from '../src/lib/logger';

const [mode, count] = process.argv.slice(2);
const log = createLogger('info');
if (mode === 'burst') {
  for (let i = 0; i < Number(count); i++) log.info({ i }, 'line');
  process.exit(3);
} else if (mode === 'idle') {
  log.info('alone');
  setInterval(() => {}, 60_000);
} else {
  throw new Error('usage: logger-child.ts burst <n> | idle');
}
