/**
 * The outbox under load (issue 14, item 10): how fast the mail worker drains a backlog of customer
 * messages, and whether a sale slows down while it does.
 *
 *   npm run bench:messages                       # ~35 min on 2 cores: three drains of 10,000
 *   MESSAGES=2000 MESSAGES_WORKERS=1 npm run bench:messages
 *
 * An SMTP server in this process (smtp-server on a random 127.0.0.1 port: accepts everything,
 * counts messages, bytes and connections, reads only the Message-ID header, which is the outbox
 * row's id, to catch a message delivered twice; without smtp-server's 100 ms pause before its
 * greeting, see startSink). A fresh PostgreSQL database (its own name, dropped
 * at the end, also on failure) and the real API server as a child process on it
 * (`node --import tsx apps/api/src/server.ts`, NODE_ENV=production, SEED_DEMO=true), as the other
 * benchmarks start it. In order:
 *
 *   c   the server WITHOUT SMTP_URL (no worker): POST /api/v1/bookings for MESSAGES_POST_S seconds
 *       as Teide Aventura's Admin Tour Operador (after 3 s of warm-up), 1 adult each (the
 *       product's minimum when higher), spread over every future departure with room (one seat
 *       list interleaved across departures, never reused, so capacity never refuses). Stopped right
 *       after the load, as a deploy restarts under traffic.
 *   a   MESSAGES queued customer messages of real future bookings written straight into `messages`
 *       in one transaction (the column set of insertCustomerMessage, html '' so the worker renders
 *       each one from its booking as it leaves, like production; a unique dedupe_key each), then
 *       the server WITH SMTP_URL (one worker), nothing else: messages/s from the first to the last
 *       one the SMTP server accepted.
 *   b   the same server: another MESSAGES queued, and once the worker is sending, the POST load of
 *       (c) beside it; the send rate is the one inside the POST window. Then the server is stopped
 *       mid-drain (its worker gives its batch back), (c) is measured again on a server without
 *       SMTP_URL (a minute after (b), so both see the same machine), and a server
 *       with SMTP_URL sends the rest and the sales' confirmations.
 *   a×N for each further WEB_CONCURRENCY of MESSAGES_WORKERS (default 1,2): MESSAGES more, drained
 *       by N processes, each with its worker (LOG_LEVEL=info there, to count who sent what).
 *   and the transport alone: the API's createSmtpTransport sending one message after the other
 *       to a sink of its own, and the same nodemailer on a socket with TCP_NODELAY.
 *
 * After each drain: every row sent exactly once (no Message-ID twice at the SMTP server), every
 * row `sent` with attempts = 1, nothing queued, sending, failed or skipped, and the SMTP server's
 * count equal to the rows sent. CPU per message (the API processes, the PostgreSQL backends of the
 * bench database, this process) from /proc. Prints figures, never pass/fail: docs/benchmarks.md, "Messages".
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { bookingSubject } from '../apps/api/src/modules/messages/messages.booking-templates';
import { headerText } from '../apps/api/src/modules/messages/messages.rules';
import { createSmtpTransport } from '../apps/api/src/modules/messages/messages.transport';
import { freePort } from './lib/server';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = `trayecto_bench_messages_${process.pid}_${Date.now().toString(36)}`;
const DB_URL = `${PG_BASE}/${DB_NAME}`;
const MESSAGES = Math.max(1, Number(process.env.MESSAGES ?? 10_000));
const POST_S = Math.max(1, Number(process.env.MESSAGES_POST_S ?? 15));
const WARMUP_S = 3;
/** MESSAGES_POST=0: drains only (no POST load: neither (c) nor (b)). */
const POST = process.env.MESSAGES_POST !== '0';
const CONNECTIONS = Math.max(1, Number(process.env.MESSAGES_CONNECTIONS ?? 10));
const WORKERS = (process.env.MESSAGES_WORKERS ?? '1,2')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n >= 1);
/** A drain that accepts nothing for this long while rows are still due is reported as stalled. */
const STALL_MS = Number(process.env.MESSAGES_STALL_S ?? 60) * 1000;
const WATCHDOG_MS = Number(process.env.MESSAGES_WATCHDOG_S ?? 3600) * 1000;
/** Delay of each reply of the SMTP sink that it can hold back, to imitate a distant relay. */
const SMTP_LATENCY_MS = Math.max(0, Number(process.env.MESSAGES_SMTP_LATENCY_MS ?? 0));
/** MESSAGES_SMTP_GREET_PAUSE=1 keeps smtp-server's 100 ms pause before the greeting. */
const GREET_PAUSE = process.env.MESSAGES_SMTP_GREET_PAUSE === '1';
/** MESSAGES_PROFILE=1: V8 CPU profile of the server during drain (a), written to PROFILE_DIR. */
const PROFILE = process.env.MESSAGES_PROFILE === '1';
const PROFILE_DIR = path.join(os.tmpdir(), 'trayecto-messages-prof');
const JWT_SECRET = 'messages-bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const USER = 'gerencia@teideaventura.demo';
const PASSWORD = 'Demo2026!';
const MAIL_FROM = 'Trayecto <reservas@trayecto.example>';

for (const oid of [1082, 1114, 1184]) pg.types.setTypeParser(oid, (v: string) => v);

const stamp = () => new Date().toISOString().slice(11, 19);
const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const n1 = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? `${x.toFixed(1)} ms` : `${x.toFixed(0)} ms`) : '—');
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

// ── The SMTP sink ────────────────────────────────────────────────────────────────────────────────

type Sink = {
  port: number;
  /** performance.now() of each accepted message, in order, and its Message-ID's local part. */
  accepted: number[];
  acceptedIds: (string | undefined)[];
  bytes: number;
  connections: number;
  /** Message-ID local part (the outbox row id) → times received. */
  ids: Map<string, number>;
  cpu: () => number;
  close: () => Promise<void>;
  /** smtp-server's greeting pause could not be removed. */
  pauseKept?: boolean;
};

async function startSink(): Promise<Sink> {
  const sink: Sink = {
    port: 0,
    accepted: [],
    acceptedIds: [],
    bytes: 0,
    connections: 0,
    ids: new Map(),
    cpu: () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    },
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  // Every reply the sink can hold back (greeting, MAIL FROM, RCPT TO, end of DATA) waits this long:
  // roughly a relay that far away (MESSAGES_SMTP_LATENCY_MS, default 0: loopback).
  const later = (cb: () => void) => (SMTP_LATENCY_MS > 0 ? setTimeout(cb, SMTP_LATENCY_MS) : cb());
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // No reverse DNS of 127.0.0.1 per connection: the sink must not be what is measured.
    disableReverseLookup: true,
    onConnect(_session, cb) {
      sink.connections++;
      later(() => cb());
    },
    onMailFrom(_address, _session, cb) {
      later(() => cb());
    },
    onRcptTo(_address, _session, cb) {
      later(() => cb());
    },
    onData(stream, _session, cb) {
      let head = '';
      let headDone = false;
      stream.on('data', (chunk: Buffer) => {
        sink.bytes += chunk.length;
        if (headDone) return;
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end >= 0 || head.length > 65_536) {
          head = end >= 0 ? head.slice(0, end) : head;
          headDone = true;
        }
      });
      stream.on('end', () => {
        const id = /^message-id:\s*<([^@>\s]+)@/im.exec(head)?.[1];
        if (id) sink.ids.set(id, (sink.ids.get(id) ?? 0) + 1);
        later(() => {
          sink.accepted.push(performance.now());
          sink.acceptedIds.push(id);
          cb();
        });
      });
    },
  });
  // smtp-server waits 100 ms after accepting a connection before its greeting, to catch clients
  // that talk too early (smtp-connection.js `init`). The outbox opens one connection per message,
  // so that pause alone would cap a worker at < 10 msg/s: a property of this sink, not of a relay.
  // Removed here by calling what `init` calls, without the timer (MESSAGES_SMTP_GREET_PAUSE=1
  // keeps it). Internal names of smtp-server 3.x: checked, and left alone if they are not there.
  type Conn = { init: () => void; _setListeners?: (cb: () => void) => void; connectionReady?: () => void };
  const internals = server as unknown as { connections: Set<Conn> };
  if (!GREET_PAUSE) {
    const add = internals.connections.add.bind(internals.connections);
    internals.connections.add = (c: Conn) => {
      const setListeners = c._setListeners;
      const ready = c.connectionReady;
      if (typeof setListeners === 'function' && typeof ready === 'function') {
        c.init = () => setListeners.call(c, () => ready.call(c));
      } else if (!sink.pauseKept) {
        sink.pauseKept = true;
        console.warn('  (smtp-server internals changed: its 100 ms greeting pause stays)');
      }
      return add(c);
    };
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  sink.port = (server.server.address() as net.AddressInfo).port;
  return sink;
}

// ── /proc: CPU of the API, PostgreSQL and the machine ────────────────────────────────────────────

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

function statOf(pid: number): { ppid: number; comm: string; ticks: number } | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = s.lastIndexOf(')');
    const comm = s.slice(s.indexOf('(') + 1, close);
    const f = s
      .slice(close + 2)
      .split(' ')
      .map((x) => Number(x));
    // After "pid (comm) ": state(0) ppid(1) … utime(11) stime(12)
    return { ppid: f[1], comm, ticks: f[11] + f[12] };
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds of CPU so far of the API process and its cluster workers, of the PostgreSQL backends
 * of the bench database (their command line names it), and of the whole machine. A process that
 * exits keeps the last figure read (`seen`), so a closed pool connection never makes it go back.
 */
function cpuSnapshot(apiPid: number, seen: Map<number, { kind: 'api' | 'pg'; ticks: number }>) {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const pid = Number(d);
    const st = statOf(pid);
    if (!st) continue;
    let kind = seen.get(pid)?.kind;
    if (!kind && (pid === apiPid || st.ppid === apiPid)) kind = 'api';
    if (!kind && st.comm === 'postgres') {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(DB_NAME)) kind = 'pg';
      } catch {
        // gone
      }
    }
    if (kind) seen.set(pid, { kind, ticks: st.ticks });
  }
  let api = 0;
  let pgCpu = 0;
  for (const v of seen.values()) {
    if (v.kind === 'api') api += v.ticks;
    else pgCpu += v.ticks;
  }
  const cpuLine = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpuLine[3] + (cpuLine[4] ?? 0);
  const total = cpuLine.slice(0, 8).reduce((a, b) => a + b, 0);
  const toMs = (t: number) => (t * 1000) / CLK_TCK;
  return { at: performance.now(), api: toMs(api), pg: toMs(pgCpu), busy: toMs(total - idle), total: toMs(total) };
}
type CpuSnap = ReturnType<typeof cpuSnapshot>;

function cpuSampler(apiPid: number, sink: Sink) {
  const seen = new Map<number, { kind: 'api' | 'pg'; ticks: number }>();
  const samples: (CpuSnap & { self: number })[] = [];
  const take = () => samples.push({ ...cpuSnapshot(apiPid, seen), self: sink.cpu() });
  take();
  const timer = setInterval(take, 1000);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** The samples around [from, to] (the nearest outside it) and their difference. */
function cpuBetween(samples: (CpuSnap & { self: number })[], from: number, to: number) {
  const a = [...samples].reverse().find((s) => s.at <= from) ?? samples[0];
  const b = samples.find((s) => s.at >= to) ?? samples[samples.length - 1];
  return {
    seconds: (b.at - a.at) / 1000,
    api: b.api - a.api,
    pg: b.pg - a.pg,
    self: b.self - a.self,
    busy: b.busy - a.busy,
    total: b.total - a.total,
  };
}

/** "API 85 % / PostgreSQL 40 % / 98 %": of one core for the processes, of the machine for the last. */
const pcts = (c: ReturnType<typeof cpuBetween>) =>
  `${n0((c.api / (c.seconds * 1000)) * 100)} % / ${n0((c.pg / (c.seconds * 1000)) * 100)} % / ${n0((c.busy / c.total) * 100)} %`;

// ── The API server ───────────────────────────────────────────────────────────────────────────────

type Server = {
  proc: ChildProcess;
  base: string;
  tail: string[];
  /** pid → "message sent" lines (LOG_LEVEL=info only). */
  sentBy: Map<number, number>;
  /** Log lines at warn or above (pino level ≥ 40), grouped by what they say: count and first line. */
  problems: Map<string, { count: number; first: string }>;
};

const servers: Server[] = [];
const temps: string[] = [];

async function startServer(o: { smtpPort?: number; workers: number; logLevel: 'warn' | 'info'; profile?: boolean }) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trayecto-messages-'));
  temps.push(dataDir);
  const profile = o.profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const proc = spawn(
    process.execPath,
    [...profile, '--import', './bench/exit-with-parent.mjs', '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: DB_URL,
        JWT_SECRET,
        // Required with DATABASE_URL in production (ADR 022): a fixed bench key, 32 bytes as hex.
        APP_ENCRYPTION_KEY: 'b'.repeat(64),
        SEED_DEMO: 'true',
        LOG_LEVEL: o.logLevel,
        WEB_DIST: '/nonexistent',
        WEB_CONCURRENCY: String(o.workers),
        PUBLIC_URL: 'https://reservas.trayecto.example',
        ...(o.smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${o.smtpPort}`, MAIL_FROM } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const server: Server = { proc, base: `http://127.0.0.1:${port}`, tail: [], sentBy: new Map(), problems: new Map() };
  servers.push(server);
  let banner = false;
  let rest = '';
  const onData = (buf: Buffer) => {
    const lines = (rest + buf.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      server.tail.push(line);
      if (server.tail.length > 40) server.tail.shift();
      if (line.startsWith('Trayecto en http')) banner = true;
      if (!line.startsWith('{')) continue;
      try {
        const j = JSON.parse(line) as {
          level?: number;
          msg?: string;
          pid?: number;
          err?: { type?: string; message?: string; code?: string; cause?: { message?: string; code?: string } };
        };
        if (j.msg === 'message sent' && j.pid) server.sentBy.set(j.pid, (server.sentBy.get(j.pid) ?? 0) + 1);
        if ((j.level ?? 0) >= 40) {
          const e = j.err;
          const key = [
            j.level,
            j.msg,
            e?.type,
            e?.code,
            e?.cause?.code,
            e?.cause?.message,
            (e?.message ?? '').replace(/params: .*/s, '').slice(0, 80),
          ]
            .filter(Boolean)
            .join(' | ');
          const g = server.problems.get(key);
          if (g) g.count++;
          else server.problems.set(key, { count: 1, first: line });
        }
      } catch {
        // a line that is not ours
      }
    }
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) break;
    // The banner: every process of WEB_CONCURRENCY listens (its worker started with it).
    if (banner) {
      try {
        if ((await fetch(`${server.base}/api/v1/ready`)).ok) return server;
      } catch {
        // not yet
      }
    }
    await sleep(250);
  }
  throw new Error(`El servidor no arrancó:\n${server.tail.join('\n')}`);
}

async function stopServer(s: Server) {
  if (s.proc.exitCode !== null || s.proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => s.proc.once('exit', () => r()));
  s.proc.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  if (s.proc.exitCode === null && s.proc.signalCode === null) {
    s.proc.kill('SIGKILL');
    await exited;
  }
}

async function login(base: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: USER, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

// ── Database ─────────────────────────────────────────────────────────────────────────────────────

async function admin(query: string) {
  const c = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

let db: pg.Pool | undefined;
const sqlRows = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => {
  if (!db) throw new Error('sin base de datos');
  return (await db.query<T>(text, values)).rows;
};

type Candidate = {
  op: string;
  kind: string;
  booking: string;
  recipient: string;
  name: string;
  subject: string;
  payload: string;
  locale: string;
};

/**
 * The messages real bookings of the future would have: the sale's own (confirmed → confirmation;
 * pending → prepared (office) or received (web)), the cancellation of a cancelled one, and one per
 * payment. Only bookings with an e-mail address.
 */
async function candidates(): Promise<Candidate[]> {
  const bookings = await sqlRows<{
    id: string;
    op: string;
    locator: string;
    date: string;
    email: string;
    name: string;
    language: string;
    state: string;
    channel: string;
    product: string;
  }>(`
    select b.id, b.tour_operator_id as op, b.locator, b.date::text as date, b.customer_email as email,
      b.customer_name as name, b.language, b.state, b.channel, p.name as product
    from bookings b join products p on p.id = b.product_id
    where b.customer_email <> '' and b.date >= current_date + 1
    order by b.created_at, b.id`);
  const payments = await sqlRows<{ booking: string; amount: number; method: string; kind: string }>(`
    select booking_id as booking, amount_cents as amount, method, kind from payments order by paid_at, id`);
  const byBooking = new Map(bookings.map((b) => [b.id, b]));
  const make = (b: (typeof bookings)[number], kind: string, payload: object): Candidate => ({
    op: b.op,
    kind,
    booking: b.id,
    recipient: b.email.trim().slice(0, 254),
    name: headerText(b.name, 150),
    subject: headerText(
      bookingSubject(kind as Parameters<typeof bookingSubject>[0], {
        locator: b.locator,
        date: b.date,
        productName: b.product,
      }),
    ),
    payload: JSON.stringify(payload),
    locale: b.language || 'es',
  });
  const out: Candidate[] = [];
  for (const b of bookings) {
    if (b.state === 'cancelled') out.push(make(b, 'booking_cancelled', { by: 'staff' }));
    else if (b.state === 'confirmed') out.push(make(b, 'booking_confirmed', {}));
    else if (b.state === 'pending')
      out.push(make(b, b.channel === 'public' ? 'booking_requested' : 'booking_prepared', {}));
  }
  for (const p of payments) {
    const b = byBooking.get(p.booking);
    if (!b || b.state === 'cancelled') continue;
    out.push(
      make(b, p.kind === 'refund' ? 'payment_refunded' : 'payment_received', {
        amount_cents: p.amount,
        method: p.method,
      }),
    );
  }
  return out;
}

/** `count` queued customer messages, committed at once (one transaction, batches of 1,000). */
async function fillOutbox(tag: string, count: number, pool: Candidate[]) {
  if (!db) throw new Error('sin base de datos');
  const c = await db.connect();
  try {
    await c.query('begin');
    for (let from = 0; from < count; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
        const i = from + k;
        return { ...pool[i % pool.length], key: `bench-${tag}-${i}` };
      });
      const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
      await c.query(
        `insert into messages (tour_operator_id, kind, channel, dedupe_key, recipient, recipient_name, subject, html, text,
           state, last_error, booking_id, payload, locale, actor_id, resend_of)
         select t.op, t.kind, 'email', t.key || ':' || t.kind || ':' || t.booking, t.rcpt, t.name, t.subject, '', '',
           'queued', null, t.booking, t.payload::jsonb, t.locale, null, null
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::text[])
           as t(op, kind, key, rcpt, name, subject, booking, payload, locale)`,
        [
          col('op'),
          col('kind'),
          col('key'),
          col('recipient'),
          col('name'),
          col('subject'),
          col('booking'),
          col('payload'),
          col('locale'),
        ],
      );
    }
    await c.query('commit');
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

const queueDepth = async () =>
  Number(
    (await sqlRows<{ n: string }>(`select count(*)::text as n from messages where state in ('queued', 'sending')`))[0]
      .n,
  );

// ── Seats for the POST load ──────────────────────────────────────────────────────────────────────

type Seat = { product_id: string; date: string; time: string; adults: number };

/**
 * Every future departure of the operator's active products with room (the availability API, in
 * 62-day windows), as one list of seats interleaved across departures: request i takes seat i, so
 * consecutive requests go to different departures and none is refused for capacity.
 */
async function seats(base: string, auth: Record<string, string>): Promise<Seat[]> {
  const products = await sqlRows<{ id: string; min_pax: number }>(
    `select p.id, p.min_pax from products p join users u on u.tour_operator_id = p.tour_operator_id
     where u.email = $1 and p.state = 'active' order by p.code`,
    [USER],
  );
  const [{ today }] = await sqlRows<{ today: string }>(
    `select (now() at time zone 'Atlantic/Canary')::date::text as today`,
  );
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const slots: (Seat & { left: number })[] = [];
  for (const p of products) {
    for (let from = 2; from < 362; from += 62) {
      const res = await fetch(`${base}/api/v1/products/${p.id}/availability?from=${day(from)}&to=${day(from + 61)}`, {
        headers: auth,
      });
      if (res.status !== 200) throw new Error(`availability: ${res.status} ${await res.text()}`);
      for (const s of (await res.json()) as {
        date: string;
        time: string;
        seats_left: number;
        available: boolean;
        closed: boolean;
      }[]) {
        const adults = Math.max(1, p.min_pax);
        if (s.available && !s.closed && s.seats_left >= adults)
          slots.push({ product_id: p.id, date: s.date, time: s.time, adults, left: Math.floor(s.seats_left / adults) });
      }
    }
  }
  const out: Seat[] = [];
  for (let round = 0; ; round++) {
    const before = out.length;
    for (const s of slots)
      if (s.left > round) out.push({ product_id: s.product_id, date: s.date, time: s.time, adults: s.adults });
    if (out.length === before) break;
  }
  console.log(
    `  ${n0(out.length)} bookings fit in ${n0(slots.length)} future departures of ${products.length} products`,
  );
  return out;
}

// ── POST load ────────────────────────────────────────────────────────────────────────────────────

type PostFigures = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  codes: Record<string, number>;
  from: number;
  to: number;
};

let seatCursor = 0;

async function postLoad(base: string, auth: Record<string, string>, pool: Seat[], duration: number) {
  const body = () => {
    const i = seatCursor++;
    const s = pool[i % pool.length];
    return JSON.stringify({
      product_id: s.product_id,
      date: s.date,
      time: s.time,
      pax: { adult: s.adults },
      customer_name: `Cliente Prueba ${i}`,
      customer_email: `cliente.${i}@correo.example`,
      language: 'es',
    });
  };
  const first = body();
  const from = performance.now();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    timeout: 30,
    headers: { ...auth, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/v1/bookings',
        body: first,
        setupRequest: (req: Record<string, unknown>) => {
          req.body = body();
          return req;
        },
      },
    ],
  });
  const to = performance.now();
  const codes: Record<string, number> = {};
  for (const [code, v] of Object.entries(result.statusCodeStats ?? {})) codes[code] = (v as { count: number }).count;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    codes,
    from,
    to,
  } satisfies PostFigures;
}

// ── Draining ─────────────────────────────────────────────────────────────────────────────────────

/** Waits until nothing is queued or sending; a stall (nothing accepted for STALL_MS) is an error. */
async function waitDrained(sink: Sink, label: string) {
  const first = sink.accepted.length;
  let lastCount = sink.accepted.length;
  let lastMove = performance.now();
  let lastPrint = performance.now();
  for (;;) {
    await sleep(500);
    const [{ depth, due }] = await sqlRows<{ depth: number; due: number }>(
      `select count(*)::int as depth,
              count(*) filter (where (state = 'queued' and next_attempt_at <= now())
                                  or (state = 'sending' and locked_until < now()))::int as due
       from messages where state in ('queued', 'sending')`,
    );
    if (sink.accepted.length !== lastCount) {
      lastCount = sink.accepted.length;
      lastMove = performance.now();
    }
    if (performance.now() - lastPrint > 30_000) {
      lastPrint = performance.now();
      console.log(`  ${label}: ${n0(sink.accepted.length - first)} accepted, ${n0(depth)} still queued/sending`);
    }
    if (depth === 0) return;
    // Rows held by a live claim (or waiting for a retry) are not due: only due rows make a stall.
    if (due > 0 && performance.now() - lastMove > STALL_MS) {
      const states = await sqlRows(
        `select state, attempts, count(*)::int as n, min(next_attempt_at)::text as next, max(last_error) as err
         from messages where state in ('queued', 'sending') group by 1, 2 order by 1, 2`,
      );
      throw new Error(
        `${label}: nothing accepted for ${STALL_MS / 1000} s with ${depth} rows due: ${JSON.stringify(states)}`,
      );
    }
  }
}

type Check = { ok: boolean; lines: string[] };

/**
 * After a drain: the rows sent since `since` (and any left unsent) against what the SMTP server
 * accepted since message `fromIdx`; a Message-ID seen twice anywhere in the run is a double.
 */
async function verify(sink: Sink, since: string, fromIdx: number): Promise<Check> {
  const lines: string[] = [];
  const rows = await sqlRows<{ id: string; state: string; attempts: number; bench: boolean }>(
    `select id::text, state, attempts, dedupe_key like 'bench-%' as bench from messages
     where sent_at >= $1::timestamptz or state not in ('sent', 'skipped') or (updated_at >= $1::timestamptz and state = 'skipped')`,
    [since],
  );
  const notSent = rows.filter((r) => r.state !== 'sent');
  const retried = rows.filter((r) => r.state === 'sent' && r.attempts !== 1);
  const sentIds = new Set(rows.filter((r) => r.state === 'sent').map((r) => r.id));
  const received = new Set(sink.acceptedIds.slice(fromIdx).filter((id): id is string => id !== undefined));
  const withoutId = sink.acceptedIds.slice(fromIdx).filter((id) => id === undefined).length;
  let missing = 0;
  for (const id of sentIds) if (!received.has(id)) missing++;
  const unknown = [...received].filter((id) => !sentIds.has(id)).length;
  const doubles = [...sink.ids.entries()].filter(([, k]) => k > 1);
  lines.push(
    `rows sent: ${n0(sentIds.size)} (${n0(rows.filter((r) => r.bench && r.state === 'sent').length)} of the bench's); ` +
      `SMTP messages accepted: ${n0(sink.accepted.length - fromIdx)} (${n0(received.size)} distinct Message-IDs, ${withoutId} without one)`,
  );
  lines.push(
    `delivered twice (whole run): ${doubles.length}; rows sent but not received: ${missing}; received but not a row sent: ${unknown}; ` +
      `rows not sent: ${notSent.length}; sent with attempts ≠ 1: ${retried.length}`,
  );
  if (notSent.length) {
    const by = new Map<string, number>();
    for (const r of notSent) by.set(r.state, (by.get(r.state) ?? 0) + 1);
    lines.push(`  not sent by state: ${JSON.stringify(Object.fromEntries(by))}`);
  }
  if (doubles.length)
    lines.push(
      `  e.g. ${doubles
        .slice(0, 3)
        .map(([id, k]) => `${id} ×${k}`)
        .join(', ')}`,
    );
  const ok =
    doubles.length === 0 &&
    missing === 0 &&
    notSent.length === 0 &&
    retried.length === 0 &&
    withoutId === 0 &&
    unknown === 0 &&
    received.size === sink.accepted.length - fromIdx;
  return { ok, lines };
}

type Drain = {
  label: string;
  /** Load average when it started. */
  load: string;
  workers: number;
  messages: number;
  seconds: number;
  rate: number;
  tenths: number[];
  connections: number;
  bytes: number;
  cpu: ReturnType<typeof cpuBetween>;
  sentBy: number[];
  check: Check;
};

/** Rate over each tenth of the accepted messages (msg/s), to see it fall or rise along the drain. */
function tenths(times: number[]) {
  const out: number[] = [];
  for (let k = 0; k < 10; k++) {
    const a = Math.floor((k * (times.length - 1)) / 10);
    const b = Math.floor(((k + 1) * (times.length - 1)) / 10);
    out.push(b > a ? ((b - a) * 1000) / (times[b] - times[a]) : Number.NaN);
  }
  return out;
}

// ── The transport alone ──────────────────────────────────────────────────────────────────────────

/**
 * What one message costs the transport itself, without the outbox: the API's own
 * createSmtpTransport (its nodemailer, as apps/api resolves it) sending a confirmation the worker
 * rendered during the run, one after the other to a sink of its own; then the same nodemailer on a
 * socket with Nagle's algorithm off (`getSocket`), to show what the socket option is worth.
 */
async function transportFloor() {
  const [row] = await sqlRows<{ id: string; html: string; text: string; subject: string }>(
    `select id::text, html, text, subject from messages
     where kind = 'booking_confirmed' and state = 'sent' and html <> '' order by sent_at desc limit 1`,
  );
  const own = await startSink();
  const count = 60;
  const ics = {
    filename: 'reserva.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'.repeat(8),
  };
  const mail = { html: row?.html ?? '<p>Hola</p>', text: row?.text ?? 'Hola', subject: row?.subject ?? 'Reserva' };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  try {
    const api = createSmtpTransport({ url: `smtp://127.0.0.1:${own.port}`, from: MAIL_FROM });
    const apiTimes: number[] = [];
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      await api.send({
        id: randomUUID(),
        to: 'cliente@correo.example',
        toName: 'Cliente',
        ...mail,
        fromName: 'Teide Aventura',
        attachments: [ics],
      });
      if (i >= 10) apiTimes.push(performance.now() - t);
    }
    api.close();
    const requireApi = createRequire(path.join(REPO, 'apps/api/package.json'));
    const nodemailer = requireApi('nodemailer') as {
      createTransport: (o: Record<string, unknown>) => {
        sendMail: (m: Record<string, unknown>) => Promise<unknown>;
        close: () => void;
      };
    };
    const version = (requireApi('nodemailer/package.json') as { version: string }).version;
    const fast = nodemailer.createTransport({
      host: '127.0.0.1',
      port: own.port,
      secure: false,
      getSocket: (_o: unknown, cb: (err: Error | null, s?: { connection: net.Socket }) => void) => {
        const socket = net.connect(own.port, '127.0.0.1');
        socket.setNoDelay(true);
        socket.once('connect', () => cb(null, { connection: socket }));
        socket.once('error', (err) => cb(err));
      },
    });
    const fastTimes: number[] = [];
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      await fast.sendMail({
        from: MAIL_FROM,
        to: 'cliente@correo.example',
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: [ics],
        messageId: `<${randomUUID()}@trayecto.example>`,
      });
      if (i >= 10) fastTimes.push(performance.now() - t);
    }
    fast.close();
    return {
      count: count - 10,
      size: own.bytes / (2 * count),
      version,
      api: median(apiTimes),
      noDelay: median(fastTimes),
    };
  } finally {
    await own.close();
  }
}

// ── Main ─────────────────────────────────────────────────────────────────────────────────────────

let sink: Sink | undefined;

async function cleanup() {
  for (const s of servers) await stopServer(s).catch(() => undefined);
  await sink?.close().catch(() => undefined);
  await db?.end().catch(() => undefined);
  db = undefined;
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  await admin(`drop database if exists ${DB_NAME} with (force)`).catch((err) =>
    console.error(`No se pudo borrar la base de datos ${DB_NAME}: ${err}`),
  );
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`\nWatchdog: more than ${WATCHDOG_MS / 1000} s; stopping.`);
    void cleanup().finally(() => process.exit(2));
  }, WATCHDOG_MS);
  watchdog.unref();

  const loadStart = load();
  console.log(
    `Messages benchmark: ${n0(MESSAGES)} messages per drain, POST ${POST_S} s × ${CONNECTIONS} connections, ` +
      `WEB_CONCURRENCY ${WORKERS.join(', ')}; ${os.availableParallelism()} cores, load ${loadStart}, Node ${process.version}`,
  );
  sink = await startSink();
  console.log(
    `SMTP sink on 127.0.0.1:${sink.port} (greeting pause ${GREET_PAUSE ? 'kept' : 'removed'}, ${SMTP_LATENCY_MS} ms per reply); database ${DB_NAME}`,
  );
  await admin(`create database ${DB_NAME}`);
  db = new pg.Pool({ connectionString: DB_URL, max: 2, application_name: 'trayecto-bench-messages' });

  // (c) No worker: the server without SMTP_URL. It also loads the demo data.
  console.log(`\n[${stamp()}] (c) server without SMTP_URL (loads the demo data)…`);
  const plain = await startServer({ workers: 1, logLevel: 'warn' });
  const [pgVersion] = await sqlRows<{ v: string }>(`select current_setting('server_version') as v`);
  const auth = await login(plain.base);
  const seatPool = await seats(plain.base, auth);
  const seeded = await sqlRows<{ bookings: string; queued: string }>(
    `select (select count(*) from bookings)::text as bookings,
            (select count(*) from messages where state in ('queued', 'sending'))::text as queued`,
  );
  console.log(`  demo data: ${seeded[0].bookings} bookings, ${seeded[0].queued} messages queued`);
  type PostRun = PostFigures & { cpu: ReturnType<typeof cpuBetween>; load: string };
  /** Warm-up, then the measured POST load, with the CPU of the window. */
  const measurePost = async (server: Server): Promise<PostRun> => {
    if (!sink || !server.proc.pid) throw new Error('sin servidor');
    const headers = await login(server.base);
    const warm = await postLoad(server.base, headers, seatPool, WARMUP_S);
    console.log(`  warm-up: ${JSON.stringify(warm.codes)}`);
    const before = load();
    const sampler = cpuSampler(server.proc.pid, sink);
    const post = await postLoad(server.base, headers, seatPool, POST_S);
    const run = { ...post, cpu: cpuBetween(sampler.stop(), post.from, post.to), load: before };
    console.log(
      `  POST: ${n1(run.rps)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${JSON.stringify(run.codes)}; CPU: ${pcts(run.cpu)}`,
    );
    return run;
  };
  const cs: PostRun[] = [];
  if (POST) cs.push(await measurePost(plain));
  // Stopped right after the load, as a deploy would restart it under traffic.
  console.log(`  [${stamp()}] stopping the server`);
  await stopServer(plain);
  // What the sales wrote (their confirmations; the reminders the scheduler found due) becomes sent
  // history, as the seed does with its own: each drain starts from exactly MESSAGES.
  const settled = await sqlRows<{ n: number }>(
    `with s as (update messages set state = 'sent', attempts = 1, sent_at = now() where state = 'queued' returning 1)
     select count(*)::int as n from s`,
  );
  console.log(`  ${n0(settled[0].n)} messages the sales queued settled as history`);
  const pool = await candidates();
  const kinds = new Map<string, number>();
  for (const m of pool) kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
  console.log(
    `  ${n0(pool.length)} distinct customer messages of ${n0(new Set(pool.map((m) => m.booking)).size)} future bookings to draw from: ${JSON.stringify(Object.fromEntries(kinds))}`,
  );
  if (pool.length === 0) throw new Error('No hay reservas futuras con correo para escribir mensajes');

  const drains: Drain[] = [];
  let b: (PostRun & { sendRate: number; sentInWindow: number; queueAfter: number }) | undefined;
  /** Verifications that are not a drain row of their own. */
  const checks: { label: string; check: Check }[] = [];

  const drain = async (server: Server, label: string, workers: number, tag: string) => {
    const [{ now: since }] = await sqlRows<{ now: string }>(`select now()::text as now`);
    const startIdx = sink?.accepted.length ?? 0;
    const startBytes = sink?.bytes ?? 0;
    const startConns = sink?.connections ?? 0;
    const sent0 = new Map(server.sentBy);
    if (!sink || !server.proc.pid) throw new Error('sin sink');
    const sampler = cpuSampler(server.proc.pid, sink);
    const loadAt = load();
    await fillOutbox(tag, MESSAGES, pool);
    console.log(`  ${n0(MESSAGES)} messages queued (${label})`);
    await waitDrained(sink, label);
    const samples = sampler.stop();
    const times = sink.accepted.slice(startIdx);
    const seconds = times.length > 1 ? (times[times.length - 1] - times[0]) / 1000 : Number.NaN;
    const d: Drain = {
      label,
      load: loadAt,
      workers,
      messages: times.length,
      seconds,
      rate: (times.length - 1) / seconds,
      tenths: tenths(times),
      connections: sink.connections - startConns,
      bytes: sink.bytes - startBytes,
      cpu: cpuBetween(samples, times[0], times[times.length - 1]),
      sentBy: [...server.sentBy.entries()].map(([pid, k]) => k - (sent0.get(pid) ?? 0)).filter((k) => k > 0),
      check: await verify(sink, since, startIdx),
    };
    drains.push(d);
    console.log(
      `  ${label}: ${n0(d.messages)} in ${n1(d.seconds)} s = ${n1(d.rate)} msg/s; ${d.check.ok ? 'all sent once' : 'CHECK FAILED'}`,
    );
    for (const l of d.check.lines) console.log(`    ${l}`);
    return d;
  };

  // (a) + (b): one process with its worker.
  console.log(`\n[${stamp()}] (a) server with SMTP_URL, WEB_CONCURRENCY=1: drain, nothing else…`);
  let one = await startServer({ smtpPort: sink.port, workers: 1, logLevel: 'warn', profile: PROFILE });
  await drain(one, `drain ${n0(MESSAGES)}`, 1, 'a');
  if (PROFILE) {
    // The profile covers the drain alone: (b) runs on a fresh server without it.
    await stopServer(one);
    console.log(`  CPU profile of the drain written to ${PROFILE_DIR} (summary: bench/profile-summary.ts <file>)`);
    one = await startServer({ smtpPort: sink.port, workers: 1, logLevel: 'warn' });
  }

  if (POST) {
    console.log(`\n[${stamp()}] (b) the same server: POST /bookings while the worker drains…`);
    const [{ now: since }] = await sqlRows<{ now: string }>(`select now()::text as now`);
    const startIdx = sink.accepted.length;
    await fillOutbox('b', MESSAGES, pool);
    // The worker finds them at its next poll (≤ 3 s): the load starts once it is sending.
    const until = performance.now() + 30_000;
    while (sink.accepted.length === startIdx && performance.now() < until) await sleep(50);
    const post = await measurePost(one);
    const inWindow = sink.accepted.filter((t) => t >= post.from && t <= post.to).length;
    const queueAfter = await queueDepth();
    b = { ...post, sendRate: (inWindow * 1000) / (post.to - post.from), sentInWindow: inWindow, queueAfter };
    console.log(
      `  ${n0(inWindow)} messages accepted meanwhile (${n1(b.sendRate)} msg/s), ${n0(queueAfter)} still due after`,
    );
    if (queueAfter === 0) console.log('  NOTE: the queue emptied before the POST window ended (raise MESSAGES)');

    // (c) again, right after (b) on the same machine minute: stop the worker mid-drain (it gives
    // its batch back), the server without SMTP_URL, the same load.
    console.log(`  [${stamp()}] stopping the server mid-drain`);
    await stopServer(one);
    const [held] = await sqlRows<{ sending: number; queued: number }>(
      `select count(*) filter (where state = 'sending')::int as sending, count(*) filter (where state = 'queued')::int as queued
       from messages`,
    );
    console.log(`  after the stop: ${n0(held.queued)} queued, ${held.sending} still claimed ('sending')`);
    console.log(`\n[${stamp()}] (c) again, server without SMTP_URL…`);
    const plain2 = await startServer({ workers: 1, logLevel: 'warn' });
    cs.push(await measurePost(plain2));
    await stopServer(plain2);

    console.log(`\n[${stamp()}] the server with SMTP_URL again: the rest of (b) and (c)'s confirmations…`);
    one = await startServer({ smtpPort: sink.port, workers: 1, logLevel: 'warn' });
    const restFrom = sink.accepted.length;
    await waitDrained(sink, 'rest');
    const rest = sink.accepted.slice(restFrom);
    const check = await verify(sink, since, startIdx);
    console.log(
      `  ${n0(rest.length)} more in ${n1((rest[rest.length - 1] - rest[0]) / 1000)} s (${n1(((rest.length - 1) * 1000) / (rest[rest.length - 1] - rest[0]))} msg/s); ${check.ok ? 'all sent once' : 'CHECK FAILED'}`,
    );
    for (const l of check.lines) console.log(`    ${l}`);
    checks.push({ label: `(b) ${n0(MESSAGES)} + the sales' confirmations, across a restart`, check });
  }
  await stopServer(one);

  for (const w of WORKERS.filter((x) => x > 1)) {
    console.log(`\n[${stamp()}] (a) server with SMTP_URL, WEB_CONCURRENCY=${w}: drain, nothing else…`);
    const many = await startServer({ smtpPort: sink.port, workers: w, logLevel: 'info' });
    await drain(many, `drain ${n0(MESSAGES)}, ${w} processes`, w, `a${w}`);
    await stopServer(many);
  }

  // The transport alone, on a sink of its own: the API's createSmtpTransport, one message after the
  // other, and the same nodemailer on a socket with TCP_NODELAY.
  console.log(`\n[${stamp()}] the transport alone…`);
  const floor = await transportFloor();

  // ── Report ──
  const loadEnd = load();
  const oneDrain = drains.find((d) => d.workers === 1);
  console.log('\n## Figures\n');
  console.log(
    `Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
      `PostgreSQL ${pgVersion.v}; Node ${process.version}. Load average (1/5/15 min): ${loadStart} at the start, ` +
      `${cs[0]?.load ?? '—'} before (c), ${b?.load ?? '—'} before (b), ${cs[1]?.load ?? '—'} before (c) again, ${loadEnd} at the end.`,
  );
  console.log('');
  console.log(
    '| scenario | API processes | POST req/s | p50 | p99 | non-2xx | errors | send rate | CPU: API / PostgreSQL / machine busy | load avg (1 min) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|');
  const codes = (f: PostFigures) =>
    Object.entries(f.codes)
      .filter(([k]) => !k.startsWith('2'))
      .map(([k, v]) => `${v}×${k}`)
      .join(' ') || '0';
  const postRow = (label: string, f: PostRun, send: string) =>
    console.log(
      `| ${label} | 1 | ${n1(f.rps)} | ${ms(f.p50)} | ${ms(f.p99)} | ${codes(f)} | ${f.errors} | ${send} | ${pcts(f.cpu)} | ${f.load.split(' ')[0]} |`,
    );
  if (cs[0]) postRow('(c) POST /bookings, no worker (no SMTP_URL)', cs[0], '—');
  if (b) postRow('(b) POST /bookings while the worker drains', b, `${n1(b.sendRate)} msg/s`);
  if (cs[1]) postRow('(c) again, right after (b)', cs[1], '—');
  for (const d of drains)
    console.log(
      `| (a) ${d.label}, nothing else | ${d.workers} | — | — | — | — | — | ${n1(d.rate)} msg/s | ${pcts(d.cpu)} | ${d.load.split(' ')[0]} |`,
    );

  console.log('');
  console.log(
    '| drain | processes | messages | first → last accepted | msg/s | by tenth (msg/s) | SMTP connections | MB | CPU per message: API / PostgreSQL / sink | sent by process | check |',
  );
  console.log('|---|---:|---:|---:|---:|---|---:|---:|---|---|---|');
  for (const d of drains) {
    const per = (x: number) => ms(x / d.messages);
    console.log(
      `| ${d.label} | ${d.workers} | ${n0(d.messages)} | ${n1(d.seconds)} s | ${n1(d.rate)} | ${d.tenths.map((x) => n0(x)).join(' ')} | ` +
        `${n0(d.connections)} | ${(d.bytes / 1e6).toFixed(1)} | ${per(d.cpu.api)} / ${per(d.cpu.pg)} / ${per(d.cpu.self)} | ` +
        `${d.sentBy.length ? d.sentBy.map(n0).join(' + ') : '—'} | ${d.check.ok ? 'ok' : 'FAILED'} |`,
    );
  }
  for (const x of checks) console.log(`\n${x.label}: ${x.check.ok ? 'ok' : 'FAILED'}; ${x.check.lines.join('; ')}`);
  if (oneDrain && b && cs.length) {
    const cMean = cs.reduce((a, x) => a + x.rps, 0) / cs.length;
    console.log('');
    console.log(
      `POST rate with the worker draining / without a worker (mean of the (c) runs): ${(b.rps / cMean).toFixed(2)}; ` +
        `send rate under POST load / alone: ${(b.sendRate / oneDrain.rate).toFixed(2)}.`,
    );
  }
  console.log(
    `\nThe transport alone (${n0(floor.count)} sends one after the other, a ${(floor.size / 1000).toFixed(0)} kB confirmation with its .ics; nodemailer ${floor.version}): ` +
      `the API's createSmtpTransport ${ms(floor.api)} per message (median), the same nodemailer on a TCP_NODELAY socket ${ms(floor.noDelay)}.`,
  );
  const problems = new Map<string, { count: number; first: string }>();
  for (const s of servers)
    for (const [k, g] of s.problems) {
      const all = problems.get(k);
      if (all) all.count += g.count;
      else problems.set(k, { ...g });
    }
  if (problems.size) {
    console.log('\nServer log lines at warn or above, grouped:');
    for (const [k, g] of problems) {
      console.log(`  ${g.count} × ${k}`);
      const t = /"time":"([^"]+)"/.exec(g.first)?.[1] ?? '';
      console.log(`    first (${t.slice(11, 23)}): …${g.first.slice(-700)}`);
    }
  }
  if (drains.some((d) => !d.check.ok) || checks.some((x) => !x.check.ok)) process.exitCode = 1;
}

let cleaning = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (cleaning) return;
    cleaning = true;
    console.error(`\n${sig}: stopping…`);
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(async () => {
    cleaning = true;
    await cleanup();
  })
  .catch(async (err) => {
    console.error(err);
    cleaning = true;
    await cleanup();
    process.exit(1);
  });
