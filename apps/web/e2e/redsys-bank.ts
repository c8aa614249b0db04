/**
 * A local stand-in for the Redsys gateway (issue 32 §10: tests without the internet). The server
 * under test posts the customer's browser here (its REDSYS_URL, playwright.config.ts); this page
 * decodes `Ds_MerchantParameters`, shows the amount with "Pagar" and "Cancelar", and on a choice
 * sends the merchant the notification Redsys would send — signed with the merchant's key as the
 * bank signs it (redsys-easy's HMAC_SHA256_V1), as many times as asked — then sends the browser
 * back to `Ds_Merchant_UrlOK` or `Ds_Merchant_UrlKO`.
 *
 * Refunds: the server calls the REST entry point on the same REDSYS_URL (POST
 * /sis/rest/trataPeticionREST). Those requests go to the API tests' own stand-in for it
 * (apps/api/test/stand-ins/redsys-rest.ts, started beside this one on a free port), which checks
 * their signature with the key, records them and answers signed as Redsys does: `refunds` and
 * `refundMode` are its `requests` and `mode`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { serializeAndSignJSONRequest } from 'redsys-easy';
import { type RedsysRestRequest, type RedsysStandIn, startRedsysStandIn } from '../../api/test/stand-ins/redsys-rest';

/** Redsys' published test merchant key (the test terminal 999008881/1 signs with it). */
export const REDSYS_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

export type TRedirectParams = Record<string, string>;

export type TNotification = { order: string; response: string; status: number; body: string };

export type TBank = {
  url: string;
  /** Every checkout the browser posted here, decoded (keys as sent). */
  checkouts: TRedirectParams[];
  /** Every notification sent to the merchant, with its answer. */
  notifications: TNotification[];
  /** How many times each notification is sent (Redsys retries; replays must be harmless). */
  repeat: number;
  /** Every REST request (refunds: TransactionType 3), decoded, with whether its signature was right. */
  refunds: RedsysRestRequest[];
  /** How the REST entry point answers: `ok` (Ds_Response 0900), `denied` (0190), `error` (503), `hang`. */
  refundMode: RedsysStandIn['mode'];
  close(): Promise<void>;
};

/** Where Redsys takes REST requests (redsys-easy's `restTrataPeticion`). */
const REST_PATH = '/sis/rest/trataPeticionREST';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      data += c;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/** A parameter whatever its case (`DS_MERCHANT_URLOK`, `Ds_Merchant_UrlOK`). */
const param = (p: TRedirectParams, name: string) =>
  Object.entries(p).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? '';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What Redsys posts to `Ds_Merchant_MerchantURL` (form-encoded, signature in base64url). */
export function signedNotification(key: string, checkout: TRedirectParams, response: string) {
  const order = param(checkout, 'Ds_Merchant_Order');
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  const params = {
    Ds_Date: `${two(now.getUTCDate())}/${two(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`,
    Ds_Hour: `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}`,
    Ds_SecurePayment: '1',
    Ds_Amount: param(checkout, 'Ds_Merchant_Amount'),
    Ds_Currency: param(checkout, 'Ds_Merchant_Currency') || '978',
    Ds_Order: order,
    Ds_MerchantCode: param(checkout, 'Ds_Merchant_MerchantCode'),
    Ds_Terminal: param(checkout, 'Ds_Merchant_Terminal') || '1',
    Ds_Response: response,
    Ds_TransactionType: param(checkout, 'Ds_Merchant_TransactionType') || '0',
    Ds_MerchantData: param(checkout, 'Ds_Merchant_MerchantData'),
    Ds_AuthorisationCode: response < '0100' ? String(100000 + (Number.parseInt(order.slice(0, 4), 10) % 900000)) : '',
    Ds_ConsumerLanguage: '5',
    Ds_Card_Country: '276',
  };
  // redsys-easy signs with the order's key (3DES of the order under the merchant key, then
  // HMAC-SHA256 of the parameters): it finds the order under its request name, which the
  // parameters then carry beside Ds_Order (the same value; the merchant reads Ds_Order).
  const signed = serializeAndSignJSONRequest(key, { ...params, DS_MERCHANT_ORDER: order });
  return new URLSearchParams({
    Ds_SignatureVersion: signed.Ds_SignatureVersion,
    Ds_MerchantParameters: signed.Ds_MerchantParameters,
    // Redsys sends its notifications' signature in base64url.
    Ds_Signature: Buffer.from(signed.Ds_Signature, 'base64').toString('base64url'),
  }).toString();
}

/** Starts the stand-in bank on `port` (127.0.0.1). */
export async function startRedsysBank(port: number, key = REDSYS_TEST_KEY): Promise<TBank> {
  const pending = new Map<string, TRedirectParams>();
  const rest = await startRedsysStandIn(key);
  const bank: TBank = {
    url: `http://127.0.0.1:${port}`,
    checkouts: [],
    notifications: [],
    repeat: 1,
    refunds: rest.requests,
    get refundMode() {
      return rest.mode;
    },
    set refundMode(mode) {
      rest.mode = mode;
    },
    // The REST stand-in first: it ends a request it holds (`hang`), which this one relays.
    close: async () => {
      await rest.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  /** A REST request, answered by the REST stand-in as it answers it (status and body). */
  async function relayRest(raw: string, res: ServerResponse) {
    const answer = await fetch(`${rest.url}${REST_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: raw,
    });
    res
      .writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' })
      .end(await answer.text());
  }

  async function notify(checkout: TRedirectParams, response: string) {
    const merchantUrl = param(checkout, 'Ds_Merchant_MerchantURL');
    const body = signedNotification(key, checkout, response);
    for (let i = 0; i < bank.repeat; i++) {
      const res = await fetch(merchantUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      bank.notifications.push({
        order: param(checkout, 'Ds_Merchant_Order'),
        response,
        status: res.status,
        body: await res.text(),
      });
    }
  }

  const server: Server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      if (req.method === 'POST' && req.url === REST_PATH) {
        await relayRest(raw, res);
        return;
      }
      const body = new URLSearchParams(raw);
      // The decision on the bank's page: notify the merchant, then back to the shop.
      if (req.url?.startsWith('/decide')) {
        const checkout = pending.get(body.get('id') ?? '');
        if (!checkout) {
          res.writeHead(404).end('unknown payment');
          return;
        }
        const ok = body.get('choice') === 'pay';
        await notify(checkout, ok ? '0000' : '9915');
        res.writeHead(303, { Location: param(checkout, ok ? 'Ds_Merchant_UrlOK' : 'Ds_Merchant_UrlKO') }).end();
        return;
      }
      // The shop's form POST (any path: /sis/realizarPago as Redsys has it).
      if (req.method !== 'POST' || !body.get('Ds_MerchantParameters')) {
        res.writeHead(400).end('not a Redsys redirect');
        return;
      }
      const checkout = JSON.parse(
        Buffer.from(body.get('Ds_MerchantParameters') as string, 'base64').toString('utf8'),
      ) as TRedirectParams;
      checkout.__signature = body.get('Ds_Signature') ?? '';
      checkout.__version = body.get('Ds_SignatureVersion') ?? '';
      // Redsys refuses a redirect whose signature is not the merchant key's (SIS0042) and shows
      // its error page; the shop's form is signed by redsys-easy, so signing the same parameters
      // again with the key must give the same signature.
      const expected = serializeAndSignJSONRequest(
        key,
        JSON.parse(JSON.stringify(checkout, (k, v) => (k.startsWith('__') ? undefined : v))),
      );
      if (checkout.__version !== 'HMAC_SHA256_V1' || expected.Ds_Signature !== checkout.__signature) {
        res
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end('<!doctype html><title>SIS0042</title><p>Error SIS0042: firma no válida</p>');
        return;
      }
      bank.checkouts.push(checkout);
      const id = randomBytes(8).toString('hex');
      pending.set(id, checkout);
      const amount = new Intl.NumberFormat('es-ES', {
        minimumFractionDigits: 2,
        useGrouping: 'always',
      } as Intl.NumberFormatOptions).format(Number(param(checkout, 'Ds_Merchant_Amount')) / 100);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Banco de pruebas · TPV virtual</title>
<style>body{font:16px system-ui,sans-serif;margin:0;padding:24px;background:#f4f6f8;color:#1b2631}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 8px}.amount{font-size:32px;font-weight:800;margin:8px 0 16px}
button{display:block;width:100%;min-height:48px;margin:8px 0;border-radius:10px;border:0;font-size:17px;font-weight:700;cursor:pointer}
.pay{background:#0b5394;color:#fff}.cancel{background:#e1e6ea;color:#1b2631}</style></head>
<body><main><h1>Banco de pruebas (TPV virtual)</h1>
<p>Pedido <strong>${esc(param(checkout, 'Ds_Merchant_Order'))}</strong> · comercio ${esc(param(checkout, 'Ds_Merchant_MerchantCode'))}</p>
<p class="amount" data-testid="bank-amount">${esc(amount)} €</p>
<form method="post" action="/decide"><input type="hidden" name="id" value="${id}">
<button class="pay" name="choice" value="pay">Pagar</button>
<button class="cancel" name="choice" value="cancel">Cancelar</button></form></main></body></html>`);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  }).catch(async (err) => {
    await rest.close();
    throw err;
  });
  return bank;
}
