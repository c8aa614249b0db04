/**
 * The public links of answers (ADR 006/017) and when app.ts may skip them (ADR 036): only answers
 * with `public_urls` or `voucher_url` (an object, or a list whose items have them) need the origin.
 */
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hasPublicLinks, publicOrigin, withPublicLinks } from './public-origin';

const linked = { id: 'b1', public_urls: { booking: '/public/booking/b1' }, voucher_url: '/public/v/b1' };

describe('public links of answers', () => {
  it('hasPublicLinks is true exactly where withPublicLinks changes the answer', () => {
    const origin = 'https://reservas.example.com';
    const cases: unknown[] = [
      linked,
      [linked, { ...linked, id: 'b2' }],
      { id: 'x' },
      [{ id: 'x' }],
      [],
      null,
      'texto',
      42,
      { public_urls: {} },
      { voucher_url: null },
    ];
    for (const payload of cases) {
      const changed = JSON.stringify(withPublicLinks(payload, origin)) !== JSON.stringify(payload);
      // An answer with links that are already absolute (or empty) does not change, and may be skipped or not.
      if (changed) expect(hasPublicLinks(payload), JSON.stringify(payload)).toBe(true);
      if (!hasPublicLinks(payload)) expect(withPublicLinks(payload, origin)).toBe(payload);
    }
    expect(withPublicLinks(linked, origin)).toEqual({
      id: 'b1',
      public_urls: { booking: `${origin}/public/booking/b1` },
      voucher_url: `${origin}/public/v/b1`,
    });
  });

  it('a Host naming one of the machine’s addresses on our port is our origin (HOST 0.0.0.0), twice in a row', () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    const config = { PUBLIC_URL: undefined, HOST: '0.0.0.0', PORT: 3000 };
    for (let i = 0; i < 2; i++) {
      if (own) expect(publicOrigin({ host: `${own}:3000`, protocol: 'http' }, config)).toBe(`http://${own}:3000`);
      expect(publicOrigin({ host: 'evil.example:3000', protocol: 'http' }, config)).toBeUndefined();
      expect(publicOrigin({ host: 'localhost:3000', protocol: 'http' }, config)).toBe('http://localhost:3000');
    }
  });
});
