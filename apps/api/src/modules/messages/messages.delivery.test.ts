/**
 * The outbox and its worker (issue 14) against a real SMTP server on loopback: the transaction
 * rule, one message per cause, delivery and its content, header injection, retries after 4xx, 5xx
 * and a dropped connection, the final `failed`, and no double send with two workers. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL (where the two workers really claim at once).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { inTransaction } from '../../db/transaction';
import { createMessageSender, type MessageSenderOptions } from './messages.delivery';
import { claimDue } from './messages.repository';
import { MESSAGE_KIND } from './messages.rules';
import { queueEmail } from './messages.service';
import { renderEmail } from './messages.templates';
import { createSmtpTransport } from './messages.transport';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: TestSmtp;
const FROM = 'Trayecto <no-reply@trayecto.test>';

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp({ slowMs: 1500 });
}, 30_000);
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from messages`);
  smtp.received.length = 0;
  smtp.script.length = 0;
  smtp.offered = 0;
});

let n = 0;
async function queue(overrides: { to?: string; toName?: string; subject?: string; key?: string } = {}) {
  n += 1;
  const content = await renderEmail({
    brand: 'Teide Tours',
    subject: overrides.subject ?? `Prueba ${n}`,
    preview: 'Vista previa',
    blocks: [
      { type: 'paragraph', text: 'Hola <Ana> & compañía' },
      { type: 'button', label: 'Ver la reserva', href: `https://reservas.example.com/public/x?a=1&b=${n}` },
    ],
  });
  return inTransaction(database.db, (tx) =>
    queueEmail(tx, {
      tourOperatorId: null,
      kind: MESSAGE_KIND.PASSWORD_RESET,
      dedupeKey: overrides.key ?? `test:${n}`,
      to: overrides.to ?? `ana${n}@example.com`,
      toName: overrides.toName ?? 'Ana Pérez',
      content,
    }),
  );
}

const worker = (o: Partial<MessageSenderOptions> = {}) =>
  createMessageSender({
    db: database.db,
    transport: createSmtpTransport({ url: smtp.url, from: FROM, socketTimeoutMs: 5000 }),
    retry: { maxAttempts: 4, baseDelayMs: 0, maxDelayMs: 0 },
    ...o,
  });

async function rows() {
  const res = await database.db.execute<{
    id: string;
    state: string;
    attempts: number;
    last_error: string | null;
    sent_at: string | null;
    text: string;
  }>(sql`select id, state, attempts, last_error, sent_at, text from messages order by created_at, id`);
  return res.rows;
}

describe('the outbox', () => {
  it('a message exists only if the change that causes it commits', async () => {
    const content = await renderEmail({ brand: 'T', subject: 'S', preview: 'P', blocks: [] });
    await expect(
      inTransaction(database.db, async (tx) => {
        await queueEmail(tx, {
          tourOperatorId: null,
          kind: MESSAGE_KIND.PASSWORD_RESET,
          dedupeKey: 'rolled-back',
          to: 'a@example.com',
          toName: 'A',
          content,
        });
        throw new Error('the change fails after the message was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rows()).toHaveLength(0);
    await queue({ key: 'committed' });
    expect(await rows()).toHaveLength(1);
  });

  it('one cause makes one message (dedupe key)', async () => {
    expect(await queue({ key: 'same-cause' })).toBeTypeOf('string');
    expect(await queue({ key: 'same-cause' })).toBeUndefined();
    expect(await rows()).toHaveLength(1);
  });

  it('an address that cannot be sent to is failed at once, with the reason', async () => {
    await queue({ to: 'ana@example.com>\r\nBcc: x@evil.test' });
    expect(await rows()).toMatchObject([{ state: 'failed', last_error: 'La dirección de correo no es válida' }]);
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.offered).toBe(0);
  });
});

describe('the mail worker', () => {
  it('sends a due message: HTML and plain text, the envelope, sent once', async () => {
    await queue({ to: 'ana@example.com', subject: 'Tu reserva en Teide Tours' });
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    await w.stop();
    expect(smtp.received).toHaveLength(1);
    const [{ mail, rcptTo, mailFrom }] = smtp.received;
    expect(rcptTo).toEqual(['ana@example.com']);
    expect(mailFrom).toBe('no-reply@trayecto.test');
    expect(mail.subject).toBe('Tu reserva en Teide Tours');
    expect(mail.from?.value).toEqual([{ name: 'Trayecto', address: 'no-reply@trayecto.test' }]);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@trayecto\.test>$/);
    // The HTML part is escaped and has the absolute link; the text part says the same.
    expect(mail.html).toContain('Hola &lt;Ana&gt; &amp; compañía');
    expect(mail.html).toMatch(/href="https:\/\/reservas\.example\.com\/public\/x\?a=1&amp;b=\d+"/);
    expect(mail.text).toContain('Hola <Ana> & compañía');
    expect(mail.text).toMatch(/Ver la reserva:\nhttps:\/\/reservas\.example\.com\/public\/x\?a=1&b=\d+/);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('CR/LF in a name or subject cannot add a header or a recipient', async () => {
    await queue({
      to: 'ana@example.com',
      toName: 'Ana\r\nBcc: victim@evil.test',
      subject: 'Hola\r\nBcc: victim@evil.test\r\n\r\n<h1>cuerpo falso</h1>',
    });
    await worker().runOnce();
    const [{ mail, rcptTo, raw }] = smtp.received;
    expect(rcptTo).toEqual(['ana@example.com']);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.subject).toBe('Hola Bcc: victim@evil.test <h1>cuerpo falso</h1>');
    const headerBlock = raw.split(/\r?\n\r?\n/)[0];
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).toMatch(/^Subject: Hola Bcc: victim@evil\.test <h1>cuerpo falso<\/h1>\r?$/m);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : []).toEqual([
      { address: 'ana@example.com', name: 'Ana Bcc: victim@evil.test' },
    ]);
  });

  it('retries after a 4xx, a 5xx and a dropped connection, then sends', async () => {
    await queue();
    smtp.script.push('tempfail', 'permfail', 'drop');
    const w = worker();
    await w.runOnce();
    expect((await rows())[0]).toMatchObject({ state: 'queued', attempts: 1 });
    expect((await rows())[0].last_error).toMatch(/^451 /);
    await w.runOnce();
    expect((await rows())[0]).toMatchObject({ state: 'queued', attempts: 2 });
    expect((await rows())[0].last_error).toMatch(/^550 /);
    await w.runOnce();
    expect((await rows())[0]).toMatchObject({ state: 'queued', attempts: 3 });
    expect((await rows())[0].last_error).toMatch(/ECONNECTION|ESOCKET|closed|ETIMEDOUT/i);
    await w.runOnce();
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 4, last_error: null });
    expect(smtp.received).toHaveLength(1);
    await w.stop();
  });

  it('after the last attempt the message is failed, with the reason, and is not tried again', async () => {
    await queue();
    smtp.script.push('permfail', 'permfail', 'permfail');
    const w = worker({ retry: { maxAttempts: 2, baseDelayMs: 0, maxDelayMs: 0 } });
    await w.runOnce();
    await w.runOnce();
    expect(await w.runOnce()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    expect(row.last_error).toMatch(/^550 .*No such user here/);
    expect(smtp.offered).toBe(2);
    expect(smtp.received).toHaveLength(0);
  });

  it('waits with back-off between attempts', async () => {
    await queue();
    smtp.script.push('tempfail');
    const w = worker({ retry: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    await w.runOnce();
    expect(await w.runOnce()).toBe(0); // not due for a minute
    const res = await database.db.execute<{ wait: number }>(
      sql`select extract(epoch from next_attempt_at - now())::int as wait from messages`,
    );
    expect(Number(res.rows[0].wait)).toBeGreaterThan(50);
  });

  it('claims one channel at a time (migration 0026): webhooks only without SMTP, e-mails left untouched', async () => {
    for (let i = 0; i < 3; i++) await queue();
    await database.db.execute(sql`insert into messages (channel, kind, dedupe_key, recipient, subject, html, text)
      values ('webhook', 'booking_changed', ${`test:webhook:${n}`}, 'https://hooks.example.com/x', '', '', '{}')`);
    const webhooks = await claimDue(database.db, 10, 30_000, ['webhook']);
    expect(webhooks.map((m) => m.channel)).toEqual(['webhook']);
    expect((await rows()).filter((r) => r.state === 'queued')).toHaveLength(3);
    // Both channels: e-mails first, oldest first, never more than the limit in all.
    const both = await claimDue(database.db, 2, 30_000, ['email', 'webhook']);
    expect(both.map((m) => m.channel)).toEqual(['email', 'email']);
    const rest = await claimDue(database.db, 10, 30_000, ['email', 'webhook']);
    expect(rest.map((m) => m.channel)).toEqual(['email']);
    // The claim of a channel reads that channel's due messages only: its index, by channel first.
    // (A table this small would be read whole: sequential scans off, the plan names the index it would use.)
    const plan = await inTransaction(database.db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<Record<string, string>>(sql`explain select id from messages
        where channel = 'webhook' and ((state = 'queued' and next_attempt_at <= now()) or (state = 'sending' and locked_until < now()))
        order by next_attempt_at limit 10`);
    });
    expect(JSON.stringify(plan.rows)).not.toContain('messages_due_idx');
    expect(JSON.stringify(plan.rows)).toContain('messages_due_channel_idx');
  });

  it('two workers claiming at once never send one message twice', async () => {
    for (let i = 0; i < 30; i++) await queue();
    const a = worker({ batch: 4 });
    const b = worker({ batch: 4 });
    for (;;) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      if (x + y === 0) break;
    }
    await Promise.all([a.stop(), b.stop()]);
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((r) => r.mail.messageId)).size).toBe(30);
    expect((await rows()).every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a message being sent is not claimed by another worker; a lapsed claim is', async () => {
    await queue();
    await database.db.execute(
      sql`update messages set state = 'sending', attempts = 1, locked_until = now() + interval '5 minutes'`,
    );
    expect(await worker().runOnce()).toBe(0);
    // The process holding it died: once the claim lapses, another worker sends it.
    await database.db.execute(sql`update messages set locked_until = now() - interval '1 second'`);
    expect(await worker().runOnce()).toBe(1);
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it('stopping mid-batch finishes the message in hand and gives the rest back to the queue', async () => {
    await queue();
    await queue();
    smtp.script.push('slow');
    const w = worker({ batch: 2 });
    const run = w.runOnce();
    await new Promise((r) => setTimeout(r, 300)); // the first one is at the (slow) server
    const stopping = w.stop();
    await run;
    await stopping;
    const [first, second] = await rows();
    expect(first).toMatchObject({ state: 'sent', attempts: 1 });
    expect(second).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await worker().runOnce()).toBe(1);
  });

  it('a link with a one-time token is blanked in the stored copy once sent', async () => {
    const content = await renderEmail({
      brand: 'T',
      subject: 'S',
      preview: 'P',
      blocks: [{ type: 'button', label: 'Ir', href: 'https://r.example.com/reset-password?token=abcDEF_123-x' }],
    });
    await inTransaction(database.db, (tx) =>
      queueEmail(tx, {
        tourOperatorId: null,
        kind: MESSAGE_KIND.PASSWORD_RESET,
        dedupeKey: 'secret',
        to: 'a@example.com',
        toName: 'A',
        content,
      }),
    );
    await worker().runOnce();
    expect(smtp.received[0].mail.text).toContain('token=abcDEF_123-x');
    const [row] = await rows();
    expect(row.text).not.toContain('abcDEF_123-x');
    expect(row.text).toContain('token=[retirado]');
  });

  // PostgreSQL restarts while the SMTP server holds a message: the worker must still record it as
  // sent (retrying the write), not leave the claim to lapse and send it a second time.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'the database going away right after the server accepted a message: recorded once it is back, never sent twice',
    async () => {
      await queue();
      smtp.script.push('slow');
      const [{ name }] = (await database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const w = worker({ leaseMs: 60_000 });
        const run = w.runOnce();
        while (smtp.offered === 0) await new Promise((r) => setTimeout(r, 20));
        // The server has the message; the database refuses every connection until further notice.
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        await smtp.waitFor(1);
        await new Promise((r) => setTimeout(r, 800));
        await admin.query(`alter database ${name} allow_connections true`);
        await run;
        await w.stop();
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      }
      expect(smtp.received).toHaveLength(1);
      expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 1 });
      expect(await worker().runOnce()).toBe(0);
    },
    30_000,
  );
});
