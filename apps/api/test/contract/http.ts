/**
 * Real HTTP for the contract testers (issue 31, item 8): the app listening on a port of its own,
 * and a client that sends exactly the bytes a test asks for (a body on a GET, an empty body, a
 * Content-Type that does not match, a 16 KB query string). `app.inject` skips Node's HTTP parser,
 * so what Node answers by itself before Fastify sees a request (431 for a head over its
 * `maxHeaderSize`, 400 for a malformed request) only shows over a socket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Answer } from './openapi-contract';

export type HttpRequest = {
  method: string;
  /** Path and query, as sent on the request line. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as is, with its Content-Length; undefined sends no body and no Content-Length. */
  body?: string | Buffer;
};

/** Beyond this many bytes of URL and headers a request does not share a connection. */
const MAX_SHARED_HEAD = 8 * 1024;

export type HttpClient = {
  send(req: HttpRequest): Promise<Answer>;
  close(): void;
};

/** Starts `app` on a free loopback port and returns a client of it (one server per test file). */
export async function listenForTests(app: FastifyInstance): Promise<HttpClient> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  // Connections kept alive, reused request after request (the tester sends thousands).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const send = (req: HttpRequest) =>
    new Promise<Answer>((resolve, reject) => {
      const headers: Record<string, string> = { ...req.headers };
      if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
      // A head Node may refuse gets a connection of its own: the server closes it after answering.
      const head = req.url.length + Object.values(headers).reduce((n, v) => n + v.length, 0);
      const options = { host: '127.0.0.1', port, method: req.method, path: req.url, headers };
      const r = http.request({ ...options, agent: head > MAX_SHARED_HEAD ? false : agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers as Record<string, unknown>,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      r.on('error', reject);
      if (req.body !== undefined) r.write(req.body);
      r.end();
    });
  return { send, close: () => agent.destroy() };
}
