import type { Server } from 'node:http';

/** The ports this project's test servers may take (3300–3349). */
export const STAND_IN_PORTS = { first: 3300, last: 3349 } as const;

/**
 * Listens on 127.0.0.1 at the first free port of 3300–3349 (the range test servers may use), or
 * at `port` when given; answers the port.
 */
export async function listenInRange(server: Server, port?: number): Promise<number> {
  const tryPort = (p: number) =>
    new Promise<boolean>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (err.code === 'EADDRINUSE') resolve(false);
        else reject(err);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve(true);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, '127.0.0.1');
    });
  if (port !== undefined) {
    if (!(await tryPort(port))) throw new Error(`port ${port} is taken`);
    return port;
  }
  // Start at a different place per process, so parallel test files rarely try the same port.
  const span = STAND_IN_PORTS.last - STAND_IN_PORTS.first + 1;
  const start = process.pid % span;
  for (let i = 0; i < span; i++) {
    const p = STAND_IN_PORTS.first + ((start + i) % span);
    if (await tryPort(p)) return p;
  }
  throw new Error('no free port in 3300–3349');
}
