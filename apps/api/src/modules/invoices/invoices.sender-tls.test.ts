/**
 * The VERI*FACTU sender with the operator's certificate (issue 34, ADR 025): the AEAT's endpoint asks
 * for a client certificate (mutual TLS). Against a local HTTPS stand-in that requires one signed by a
 * throwaway CA made here with the `openssl` CLI: without the certificate the handshake is refused, the
 * attempt counts and the job is retried later; with it (PEM certificate and key, or PKCS#12 with its
 * passphrase) the records are accepted. The configuration (AEAT_VERIFACTU_*_FILE) is read at
 * start-up and refused when incomplete; the producer named in SistemaInformatico is configurable and
 * defaults to the issuer. What the stand-in receives is valid against the AEAT's schemas.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createOperator, createUser, login } from '../../../test/factories';
import { verifactuSchemaErrors } from '../../../test/fixtures/verifactu-xsd/validate';
import { type AeatStandIn, startAeatStandIn } from '../../../test/stand-ins/aeat-verifactu';
import { ConfigError, loadConfig } from '../../config/env';
import { bookings, invoiceRecords } from '../../db/schema';
import { booked, bookingBody, mkProduct } from '../bookings/bookings.test-helpers';
import { aeatSenderOptions, sendPendingRecords } from './invoices.sender';

const run = promisify(execFile);
const PASSPHRASE = 'clave-del-certificado';

let dir = '';
const file = (name: string) => join(dir, name);
let aeat: AeatStandIn;

/** A CA, the stand-in's certificate for 127.0.0.1 and the operator's client certificate (PEM and PKCS#12). */
async function makeCertificates() {
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-sha256',
    '-days',
    '2',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/CN=CA de pruebas de Trayecto',
  );
  await writeFile(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  await writeFile(file('client.ext'), 'extendedKeyUsage=clientAuth\n');
  for (const [name, subject] of [
    ['server', '/CN=127.0.0.1'],
    ['client', '/CN=Teide Aventura S.L./serialNumber=B12345674'],
  ] as const) {
    await openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    );
    await openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    );
  }
  await openssl(
    'pkcs12',
    '-export',
    '-in',
    'client.pem',
    '-inkey',
    'client.key',
    '-out',
    'client.p12',
    '-passout',
    `pass:${PASSPHRASE}`,
  );
}

/** An app whose operator (with its legal name and NIF) can issue invoices, and its invoicing. */
async function world(env: Record<string, string>) {
  const app = await buildTestApp({ env });
  const op = await createOperator(app, {
    name: 'Teide',
    legalName: 'Teide Aventura S.L.',
    taxId: 'B12345674',
    taxTerritory: 'canarias',
    timezone: 'Atlantic/Canary',
  });
  const token = await login(app, (await createUser(app, { level: 1, tourOperatorId: op.id })).email);
  const productId = (await mkProduct(app, token, { capacity: 500 })).id;
  /** A paid booking's simplified invoice: its number and its record's id. */
  const invoiced = async () => {
    const b = await booked(app, token, bookingBody(productId));
    await app.db.update(bookings).set({ taxRate: 7 }).where(eq(bookings.id, b.id));
    const pay = await app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${b.id}/payments`,
      headers: bearer(token),
      payload: { amount_cents: b.total_cents, method: 'cash' },
    });
    expect(pay.statusCode).toBe(201);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${b.id}/invoices`,
      headers: bearer(token),
      payload: { kind: 'simplified' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { code: res.json().code as string, recordId: res.json().record.id as string };
  };
  const recordOf = async (id: string) => {
    const [r] = await app.db.select().from(invoiceRecords).where(eq(invoiceRecords.id, id));
    return r;
  };
  return { app, invoiced, recordOf };
}

/** The submission (RegFactuSistemaFacturacion) a SOAP request carried. */
const submissionOf = (body: string) => {
  const m = /<sum:RegFactuSistemaFacturacion[\s\S]*<\/sum:RegFactuSistemaFacturacion>/.exec(body);
  if (!m) throw new Error('no RegFactuSistemaFacturacion in the request');
  return m[0];
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aeat-mtls-'));
  await makeCertificates();
  aeat = await startAeatStandIn({
    tls: {
      key: await readFile(file('server.key')),
      cert: await readFile(file('server.pem')),
      ca: await readFile(file('ca.pem')),
    },
  });
}, 60_000);
afterAll(async () => {
  await aeat?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the AEAT’s mutual TLS', { timeout: 60_000 }, () => {
  let noCert: Awaited<ReturnType<typeof world>>;
  let withCert: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    // The VERI*FACTU settings are the process's (one app per process outside tests): the app built
    // last, with the producer configured, sets them. invoices.routes.test.ts checks the default.
    // Trusts the stand-in's CA (as the real AEAT's is trusted) but has no client certificate.
    noCert = await world({ AEAT_VERIFACTU_URL: aeat.url, AEAT_VERIFACTU_CA_FILE: file('ca.pem') });
    withCert = await world({
      AEAT_VERIFACTU_URL: aeat.url,
      AEAT_VERIFACTU_CA_FILE: file('ca.pem'),
      AEAT_VERIFACTU_CERT_FILE: file('client.pem'),
      AEAT_VERIFACTU_KEY_FILE: file('client.key'),
      AEAT_VERIFACTU_PRODUCER_NIF: 'b76543210',
      AEAT_VERIFACTU_PRODUCER_NAME: 'Trayecto Software S.L.',
    });
  }, 120_000);
  afterAll(async () => {
    await noCert?.app.close();
    await withCert?.app.close();
  });

  it('without the certificate the handshake is refused: the attempt counts and the job is retried later', async () => {
    const { app, invoiced, recordOf } = noCert;
    const a = await invoiced();
    const requests = aeat.requests.length;
    const now = new Date();
    await app.background.runner.tick(now);
    const r = await recordOf(a.recordId);
    expect(r.state).toBe('pending');
    expect(r.attempts).toBe(1);
    expect(r.lastError).toMatch(/^La AEAT no responde: fetch failed: /);
    // Nothing reached the AEAT's HTTP layer: the TLS handshake failed first.
    expect(aeat.requests.length).toBe(requests);
    const job = (
      await app.db.execute<{ state: string; run_at: string; last_error: string | null }>(
        sql`select state, run_at, last_error from jobs where dedupe_key = ${`invoices.send:${a.recordId}`}`,
      )
    ).rows[0];
    expect(job.state).toBe('queued');
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(now.getTime());
    expect(job.last_error).toMatch(/La AEAT no responde/);

    // The next attempt, with the operator's certificate as PKCS#12 and its passphrase: accepted.
    const sender = aeatSenderOptions({
      AEAT_VERIFACTU_URL: aeat.url,
      AEAT_VERIFACTU_CA_FILE: file('ca.pem'),
      AEAT_VERIFACTU_PFX_FILE: file('client.p12'),
      AEAT_VERIFACTU_PASSPHRASE: PASSPHRASE,
    });
    await sendPendingRecords(app.db, sender, {
      payload: { record_id: a.recordId, seq: r.seq },
      attempts: 2,
      maxAttempts: 8,
    });
    const after = await recordOf(a.recordId);
    expect(after.state).toBe('sent');
    expect(after.attempts).toBe(2);
    expect(aeat.requests.at(-1)).toMatchObject({ numbers: [a.code], client: 'Teide Aventura S.L.' });
    expect(await verifactuSchemaErrors(submissionOf(aeat.requests.at(-1)?.body ?? ''))).toEqual([]);
  });

  it('with the certificate configured (PEM certificate and key) the job’s records are accepted at once', async () => {
    const { app, invoiced, recordOf } = withCert;
    const a = await invoiced();
    await app.background.runner.tick(new Date());
    const r = await recordOf(a.recordId);
    expect(r.state).toBe('sent');
    expect(r.aeatCsv).toMatch(/^A-STANDIN/);
    const request = aeat.requests.at(-1);
    expect(request).toMatchObject({ numbers: [a.code], client: 'Teide Aventura S.L.' });
    // The configured producer, in every record's SistemaInformatico.
    expect(r.xml).toContain(
      '<sum1:SistemaInformatico><sum1:NombreRazon>Trayecto Software S.L.</sum1:NombreRazon><sum1:NIF>B76543210</sum1:NIF>',
    );
    expect(await verifactuSchemaErrors(submissionOf(request?.body ?? ''))).toEqual([]);
  });

  it('a certificate its CA does not know is refused like none', async () => {
    const { app, invoiced, recordOf } = noCert;
    const a = await invoiced();
    const r0 = await recordOf(a.recordId);
    // The stand-in's own certificate: valid, but not issued for a client.
    const sender = aeatSenderOptions({
      AEAT_VERIFACTU_URL: aeat.url,
      AEAT_VERIFACTU_CA_FILE: file('ca.pem'),
      AEAT_VERIFACTU_CERT_FILE: file('server.pem'),
      AEAT_VERIFACTU_KEY_FILE: file('server.key'),
    });
    await expect(
      sendPendingRecords(app.db, sender, {
        payload: { record_id: a.recordId, seq: r0.seq },
        attempts: 1,
        maxAttempts: 8,
      }),
    ).rejects.toThrow(/La AEAT no responde/);
    expect((await recordOf(a.recordId)).state).toBe('pending');
  });
});

describe('the configuration', () => {
  const config = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env }, { readDotenv: false });
  const problems = (env: Record<string, string>) => {
    try {
      config(env)();
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  it('takes a PEM certificate with its key, or a PKCS#12 file with its passphrase', () => {
    expect(
      config({ AEAT_VERIFACTU_CERT_FILE: file('client.pem'), AEAT_VERIFACTU_KEY_FILE: file('client.key') })(),
    ).toMatchObject({ AEAT_VERIFACTU_CERT_FILE: file('client.pem'), AEAT_VERIFACTU_KEY_FILE: file('client.key') });
    expect(
      config({ AEAT_VERIFACTU_PFX_FILE: file('client.p12'), AEAT_VERIFACTU_PASSPHRASE: PASSPHRASE })(),
    ).toMatchObject({ AEAT_VERIFACTU_PFX_FILE: file('client.p12'), AEAT_VERIFACTU_PASSPHRASE: PASSPHRASE });
  });

  it('refuses to start with a certificate without its key, both kinds at once, a missing file, or half a producer', () => {
    expect(problems({ AEAT_VERIFACTU_CERT_FILE: file('client.pem') })).toEqual([
      expect.stringMatching(/^AEAT_VERIFACTU_KEY_FILE: .*van juntos/),
    ]);
    expect(
      problems({
        AEAT_VERIFACTU_PFX_FILE: file('client.p12'),
        AEAT_VERIFACTU_CERT_FILE: file('client.pem'),
        AEAT_VERIFACTU_KEY_FILE: file('client.key'),
      }),
    ).toEqual([expect.stringMatching(/^AEAT_VERIFACTU_PFX_FILE: /)]);
    expect(problems({ AEAT_VERIFACTU_PFX_FILE: file('nope.p12') })).toEqual([
      'AEAT_VERIFACTU_PFX_FILE: el fichero no existe',
    ]);
    expect(problems({ AEAT_VERIFACTU_PRODUCER_NIF: 'B76543210' })).toEqual([
      expect.stringMatching(/^AEAT_VERIFACTU_PRODUCER_NAME: /),
    ]);
    expect(problems({ AEAT_VERIFACTU_PRODUCER_NIF: 'B7654', AEAT_VERIFACTU_PRODUCER_NAME: 'X' })).toEqual([
      expect.stringMatching(/^AEAT_VERIFACTU_PRODUCER_NIF: debe ser un NIF/),
    ]);
  });

  it('a certificate file that cannot be read stops the start with the variable’s name', () => {
    expect(() => aeatSenderOptions({ AEAT_VERIFACTU_PFX_FILE: join(dir, 'missing.p12') })).toThrow(
      /^AEAT_VERIFACTU_PFX_FILE: no se puede leer/,
    );
  });
});
