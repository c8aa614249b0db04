/**
 * A real SMTP server on loopback for the message tests (issue 14): `smtp-server` speaks the
 * protocol, `mailparser` parses what arrives. `behaviour` decides the answer to each message
 * (accept, a 4xx/5xx reply, or dropping the connection mid-message), so the worker's retries are
 * tested against the protocol, not a mock of the transport.
 */
import type { AddressInfo, Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export type Received = {
  mail: ParsedMail;
  /** The envelope's recipients (RCPT TO), whatever the headers say. */
  rcptTo: string[];
  mailFrom: string;
  raw: string;
};

export type Behaviour = 'accept' | 'tempfail' | 'permfail' | 'drop' | 'slow';

export type TestSmtp = {
  url: string;
  received: Received[];
  /** What to do with the next messages, in order; `accept` once the list is empty. */
  script: Behaviour[];
  /** Messages the server was offered (DATA started), whatever it answered. */
  offered: number;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  /** The first message received for `to` whose subject starts with `subjectPrefix` (waits for it). */
  mailTo(to: string, subjectPrefix: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
};

export async function startTestSmtp(
  opts: { user?: string; pass?: string; slowMs?: number; port?: number } = {},
): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    received: [],
    script: [],
    offered: 0,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (state.received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${state.received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return state.received;
    },
    async mailTo(to, subjectPrefix, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = state.received.find(
          (r) => r.rcptTo.includes(to) && (r.mail.subject ?? '').startsWith(subjectPrefix),
        );
        if (found) return found.mail;
        if (Date.now() > until) throw new Error(`no message to ${to} starting "${subjectPrefix}"`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: opts.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, cb) {
      state.offered += 1;
      const behaviour = state.script.shift() ?? 'accept';
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (behaviour === 'tempfail') {
          return cb(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        }
        if (behaviour === 'permfail') {
          return cb(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        }
        if (behaviour === 'slow') await new Promise((r) => setTimeout(r, opts.slowMs ?? 2000));
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = await simpleParser(raw);
        state.received.push({
          mail,
          raw,
          rcptTo: session.envelope.rcptTo.map((a) => a.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        });
        cb();
      });
      if (behaviour === 'drop') {
        // Mid-message: the connection is gone before the server answers the DATA.
        stream.once('data', () => {
          for (const s of sockets) s.destroy();
        });
      }
    },
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', () => r()));
  const sockets = new Set<Socket>();
  server.server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = (server.server.address() as AddressInfo).port;
  const auth = opts.user ? `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.pass ?? '')}@` : '';
  state.url = `smtp://${auth}127.0.0.1:${port}`;
  return state;
}
