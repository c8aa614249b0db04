/**
 * Stored XSS (issue 7): payloads saved in product rich text, names, notes, image alt texts, the
 * operator's name and public customers' names. Rich text comes back sanitised; plain text comes
 * back as JSON data (never HTML); the server-rendered landing page escapes every value in its
 * title, meta, Open Graph tags and JSON data block, which `</script>` cannot break out of.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  day,
  makeWebDist,
  multipartImage,
  PUBLIC_HTML,
  pngBytes,
  productBody,
  type SecurityWorld,
  send,
  setupSecurityWorld,
  uniq,
} from './fixtures';

let app: FastifyInstance;
let w: SecurityWorld;
let close: () => Promise<void>;
let dist: string;

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '</script><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '<a href="javascript:alert(1)">clic</a>',
  "$& $' $` $1",
  '\u2028\u2029<!--',
];
const NAME = PAYLOADS.slice(0, 6).join(' ');
/** Markup that would run if a payload reached a page unescaped. */
const EXECUTABLE = [
  /<script(?![^>]*type="(application\/json|module)")/i,
  /<img[^>]*onerror/i,
  /<svg[^>]*onload/i,
  /<iframe/i,
  /javascript:/i,
  /\son\w+=/i,
];

let productId: string;

beforeAll(async () => {
  dist = makeWebDist();
  ({ app, world: w, close } = await setupSecurityWorld({ app: { env: { WEB_DIST: dist } } }));
  // The operator's own name carries a payload too (it is in the landing's title and og:site_name).
  const op = await send(app, {
    method: 'PUT',
    url: `/api/v1/tour-operators/${w.a.opId}`,
    token: w.tokens.A1,
    payload: { name: `Operador ${PAYLOADS[2]}` },
  });
  expect(op.statusCode).toBe(200);
  const res = await send(app, {
    method: 'POST',
    url: '/api/v1/products',
    token: w.tokens.A1,
    payload: productBody(w.a.accommodation.id, {
      name: NAME.slice(0, 150),
      short_description: PAYLOADS.slice(0, 4).join(' '),
      // An unclosed <iframe> swallows what follows it, so the good markup goes first.
      description: `<p>Hola</p><p onclick="alert(1)" style="x">Texto <a href="https://ok.example">bien</a> <a href="data:text/html,<script>alert(1)</script>">mal</a></p><object data="x"></object><style>body{}</style>${PAYLOADS.join('<br>')}`,
      meeting_point: PAYLOADS[0],
      includes: [PAYLOADS[1]],
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  productId = res.json().id;
  const mp = multipartImage(await pngBytes(), PAYLOADS[2]);
  const img = await send(app, {
    method: 'POST',
    url: `/api/v1/products/${productId}/images`,
    token: w.tokens.A1,
    payload: mp.payload,
    headers: mp.headers,
  });
  expect(img.statusCode, img.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await close?.();
  rmSync(dist, { recursive: true, force: true });
});

describe('rich text', () => {
  it('the description is sanitised: no script, event handler, javascript:/data: link, object or style', async () => {
    const res = await send(app, { method: 'GET', url: `/api/v1/products/${productId}`, token: w.tokens.A1 });
    const description = res.json().description as string;
    for (const re of EXECUTABLE) expect(description).not.toMatch(re);
    expect(description).not.toMatch(/<(object|style|iframe|svg|img)/i);
    expect(description).not.toMatch(/data:text/i);
    expect(description).not.toMatch(/onclick|style=/i);
    // What is allowed survives: paragraphs and an https link.
    expect(description).toContain('<p>Hola</p>');
    expect(description).toMatch(/<a href="https:\/\/ok\.example"[^>]*>bien<\/a>/);
  });

  it('the public product answers the same sanitised description', async () => {
    const res = await send(app, { method: 'GET', url: `/api/v1/public/products/${productId}` });
    for (const re of EXECUTABLE) expect(res.json().description).not.toMatch(re);
  });
});

describe('plain text is data', () => {
  it('names, notes and alt texts come back verbatim, as JSON with nosniff (never rendered as HTML)', async () => {
    const res = await send(app, { method: 'GET', url: `/api/v1/products/${productId}`, token: w.tokens.A1 });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const p = res.json();
    expect(p.name).toBe(NAME.slice(0, 150));
    expect(p.meeting_point).toBe(PAYLOADS[0]);
    expect(p.images[0].alt).toBe(PAYLOADS[2]);
  });

  it("a public customer's name and notes are stored and answered as data", async () => {
    const res = await send(app, {
      method: 'POST',
      url: '/api/v1/public/bookings',
      headers: { 'idempotency-key': `xss-${uniq()}` },
      payload: {
        ...bookingBody(productId, { date: day(2) }),
        accept_terms: true,
        customer_name: PAYLOADS[0],
        notes: PAYLOADS.join(' '),
        room: '<b>1</b>',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const pub = await send(app, { method: 'GET', url: `/api/v1/public/bookings/${id}` });
    expect(pub.headers['content-type']).toMatch(/^application\/json/);
    expect(pub.json().customer_name).toBe(PAYLOADS[0]);
    const staff = await send(app, { method: 'GET', url: `/api/v1/bookings/${id}`, token: w.tokens.A1 });
    expect(staff.json()).toMatchObject({ customer_name: PAYLOADS[0], room: '<b>1</b>' });
    // The voucher and booking pages are the static template: no customer data in their HTML.
    for (const url of [`/public/landing/booking-voucher/${id}`, `/public/booking/${id}`]) {
      const page = await send(app, { method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('onerror');
      expect(page.body).not.toContain('Lucía');
    }
  });
});

describe('the server-rendered landing page', () => {
  let html: string;
  beforeAll(async () => {
    const res = await send(app, { method: 'GET', url: `/public/landing/${productId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    html = res.body;
  });

  it('carries no executable markup from the payloads', () => {
    const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
    // The template's module script and the JSON data block, nothing else.
    expect(scripts).toHaveLength((PUBLIC_HTML.match(/<script\b/gi) ?? []).length + 1);
    expect(scripts.every((s) => /type="(module|application\/json)"/.test(s))).toBe(true);
    for (const re of [/<img[^>]*onerror/i, /<svg[^>]*onload/i, /<iframe/i, /<\/title><script/i])
      expect(html).not.toMatch(re);
    expect(html).not.toContain(PAYLOADS[0]);
    expect(html).not.toContain(PAYLOADS[2]);
  });

  it('escapes the title, meta description and Open Graph values', () => {
    const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
    expect(title).not.toMatch(/[<>]/);
    expect(title).toContain('&lt;img src=x onerror=alert(1)&gt;');
    for (const m of html.matchAll(/<meta [^>]*content="([^"]*)"/g)) expect(m[1]).not.toMatch(/[<>]/);
    // Every attribute value closes where it should: the payload's quote cannot open a new attribute.
    expect(html).not.toMatch(/content="[^"]*"\s*>\s*<svg/);
    // Replacement patterns in the name ($&, $') are kept literally, not expanded.
    expect(html).not.toContain('<title><title>');
  });

  it("the JSON data block cannot be closed by '</script>' and parses back to the product", async () => {
    const m = /<script type="application\/json" id="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
    expect(m).not.toBeNull();
    const raw = m?.[2] ?? '';
    expect(raw).not.toMatch(/<|>|\u2028|\u2029/);
    const data = JSON.parse(raw);
    const api = (await send(app, { method: 'GET', url: `/api/v1/public/products/${productId}` })).json();
    expect(data).toEqual(api);
    expect(data.name).toBe(NAME.slice(0, 150));
  });
});
