/**
 * Redsys at the protocol, for tests without the internet:
 * - `startRedsysStandIn`: a local server for the REST entry point Trayecto calls for refunds
 *   (POST /sis/rest/trataPeticionREST, JSON `{ Ds_SignatureVersion, Ds_MerchantParameters,
 *   Ds_Signature }`). It checks the request's signature with the merchant's key and answers signed
 *   as Redsys does (`Ds_Response` 0900: refund authorised), or fails on request (`mode`).
 * - `signRedsysNotification`: a notification signed as the bank signs it (HMAC_SHA256_V1 with the
 *   key diversified by the order, through redsys-easy), with Redsys' published test key by default.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { serializeAndSignJSONRequest } from 'redsys-easy';
import { listenInRange } from './listen';

/** Redsys' published test merchant key (its integration guide; redsys-easy's fixtures). */
export const REDSYS_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
/** Redsys' published test merchant code. */
export const REDSYS_TEST_MERCHANT = '999008881';

export type RedsysRestRequest = { params: Record<string, string>; signatureOk: boolean };

export type RedsysStandIn = {
  url: string;
  requests: RedsysRestRequest[];
  mode: 'ok' | 'denied' | 'error' | 'hang';
  close(): Promise<void>;
};

/**
 * Signs Redsys-style parameters whose order is `Ds_Order` (a notification, a REST answer) with
 * redsys-easy. redsys-easy signs with the order it finds under `Ds_Merchant_Order`, so the order is
 * also given under that name: the algorithm and key are exactly the bank's; the parameters carry
 * one extra field the verifier ignores.
 */
function signResponse(key: string, params: Record<string, string>) {
  return serializeAndSignJSONRequest(key, { ...params, Ds_Merchant_Order: params.Ds_Order } as never);
}

/** A notification as the bank POSTs it (form fields), for `order`, signed with `key`. */
export function signRedsysNotification(
  p: {
    order: string;
    amountCents: number;
    response?: string;
    merchantCode?: string;
    currency?: string;
    authorisationCode?: string;
    payMethod?: string;
  },
  key = REDSYS_TEST_KEY,
): { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string } {
  const now = new Date();
  const params: Record<string, string> = {
    Ds_Date: `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`,
    Ds_Hour: `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`,
    Ds_SecurePayment: '1',
    Ds_Card_Country: '724',
    Ds_Amount: String(p.amountCents),
    Ds_Currency: p.currency ?? '978',
    Ds_Order: p.order,
    Ds_MerchantCode: p.merchantCode ?? REDSYS_TEST_MERCHANT,
    Ds_Terminal: '001',
    Ds_Response: p.response ?? '0000',
    Ds_MerchantData: '',
    Ds_TransactionType: '0',
    Ds_ConsumerLanguage: '1',
    Ds_AuthorisationCode: p.authorisationCode ?? '052029',
    Ds_Card_Brand: '1',
    Ds_ProcessedPayMethod: p.payMethod ?? '1',
  };
  const signed = signResponse(key, params);
  return {
    Ds_SignatureVersion: signed.Ds_SignatureVersion,
    Ds_MerchantParameters: signed.Ds_MerchantParameters,
    Ds_Signature: signed.Ds_Signature,
  };
}

/** The form body Redsys sends (application/x-www-form-urlencoded). */
export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startRedsysStandIn(key = REDSYS_TEST_KEY, port?: number): Promise<RedsysStandIn> {
  const requests: RedsysRestRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const state: RedsysStandIn = {
    url: '',
    requests,
    mode: 'ok',
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/sis/rest/trataPeticionREST') return send(res, 404, {});
    let body: { Ds_MerchantParameters?: string; Ds_Signature?: string };
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 200, { errorCode: 'SIS0042' });
    }
    const params = JSON.parse(Buffer.from(String(body.Ds_MerchantParameters ?? ''), 'base64').toString('utf8'));
    const expected = serializeAndSignJSONRequest(key, params).Ds_Signature;
    const signatureOk = expected === body.Ds_Signature;
    requests.push({ params, signatureOk });
    if (state.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (state.mode === 'error') return send(res, 503, { error: 'stand-in down' });
    // Redsys' answer to a request whose signature is wrong: SIS0042.
    if (!signatureOk) return send(res, 200, { errorCode: 'SIS0042' });
    const answer: Record<string, string> = {
      Ds_Amount: params.DS_MERCHANT_AMOUNT,
      Ds_Currency: params.DS_MERCHANT_CURRENCY,
      Ds_Order: params.DS_MERCHANT_ORDER,
      Ds_Signature: '',
      Ds_MerchantCode: params.DS_MERCHANT_MERCHANTCODE,
      Ds_Terminal: params.DS_MERCHANT_TERMINAL,
      Ds_Response: state.mode === 'denied' ? '0190' : '0900',
      Ds_AuthorisationCode: '123456',
      Ds_TransactionType: params.DS_MERCHANT_TRANSACTIONTYPE,
      Ds_SecurePayment: '0',
      Ds_Language: '1',
      Ds_MerchantData: '',
      Ds_Card_Country: '724',
    };
    delete answer.Ds_Signature;
    return send(res, 200, signResponse(key, answer));
  });
  const p = await listenInRange(server, port);
  state.url = `http://127.0.0.1:${p}`;
  return state;
}
