/**
 * A local HTTP server standing in for the Stripe API, at the protocol: the official SDK is pointed
 * at it (STRIPE_API_URL) and makes its real requests — form-encoded bodies, Bearer key,
 * Idempotency-Key — to the two endpoints Trayecto calls: POST /v1/checkout/sessions and
 * POST /v1/refunds. It answers as Stripe does (the objects' fields Trayecto reads, Stripe's error
 * shape), records every request, and can be told to fail (`mode`: 'ok', 'error' 500, 'hang' never
 * answers). Webhooks are signed with the SDK's own test helper (`generateTestHeaderString`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { listenInRange } from './listen';

export type StripeRequest = {
  method: string;
  path: string;
  authorization: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
};

export type StripeStandIn = {
  url: string;
  requests: StripeRequest[];
  sessions: Map<string, Record<string, unknown>>;
  mode: 'ok' | 'error' | 'hang';
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

export async function startStripeStandIn(port?: number): Promise<StripeStandIn> {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const hanging = new Set<ServerResponse>();
  const state: StripeStandIn = {
    url: '',
    requests,
    sessions,
    mode: 'ok',
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '/').split('?')[0];
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({
      method: req.method ?? '',
      path,
      authorization: String(req.headers.authorization ?? ''),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      form,
    });
    if (state.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (state.mode === 'error') {
      return json(res, 500, { error: { type: 'api_error', message: 'Stripe stand-in: internal error' } });
    }
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const session = {
        id: id('cs'),
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total:
          Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
        currency: form['line_items[0][price_data][currency]'],
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        locale: form.locale ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: { trayecto_order: form['metadata[trayecto_order]'] },
        payment_intent: null,
        url: '',
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return json(res, 200, session);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      return json(res, 200, {
        id: id('re'),
        object: 'refund',
        amount: Number(form.amount),
        currency: 'eur',
        payment_intent: form.payment_intent,
        status: 'succeeded',
      });
    }
    return json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
  });
  const p = await listenInRange(server, port);
  state.url = `http://127.0.0.1:${p}`;
  return state;
}

/**
 * A Checkout Session event as Stripe sends it to the webhook: `type` and the session as it is
 * after the customer paid (or not).
 */
export function sessionEvent(
  type: string,
  session: Record<string, unknown>,
  over: Record<string, unknown> = {},
): { id: string; payload: string } {
  const paid = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
  const event = {
    id: id('evt'),
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: {
      object: {
        ...session,
        status: paid ? 'complete' : type === 'checkout.session.expired' ? 'expired' : 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        payment_intent: paid ? id('pi') : null,
        ...over,
      },
    },
  };
  return { id: event.id, payload: JSON.stringify(event) };
}

/** The Stripe-Signature header for a payload, by the SDK's own test helper. */
export const signStripe = (payload: string, secret: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });
