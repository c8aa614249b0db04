/**
 * The token service remembers the tokens it has accepted (ADR 036): a remembered token must still
 * be refused exactly when jose would refuse it (expired, another key, edited), never served from
 * memory past its expiry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createTokenService, VERIFIED_TOKENS_KEPT } from './auth.tokens';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const USER = { sub: '3f0c1c9e-8a4b-4a39-9d3e-2b7a1b9c0d11', level: 1, tour_operator_id: 'op-1', ver: 0 };

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'accepted';
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe('token service', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts the same token again with the same payload', async () => {
    const tokens = createTokenService(SECRET, '12h');
    const token = await tokens.sign(USER);
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    expect(again).toEqual(first);
    expect(first).toMatchObject(USER);
  });

  it('a remembered token is refused as expired once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    const tokens = createTokenService(SECRET, '60');
    const token = await tokens.sign(USER);
    expect(await codeOf(tokens.verify(token))).toBe('accepted');
    vi.setSystemTime(new Date('2026-11-26T10:00:59Z'));
    expect(await codeOf(tokens.verify(token))).toBe('accepted');
    // exp = iat + 60: at that second jose says expired, and so must the remembered token.
    vi.setSystemTime(new Date('2026-11-26T10:01:00Z'));
    expect(await codeOf(tokens.verify(token))).toBe('TOKEN_EXPIRED');
    expect(await codeOf(tokens.verify(token))).toBe('TOKEN_EXPIRED');
  });

  it('an accepted token is no key for another secret, nor for an edited copy of itself', async () => {
    const tokens = createTokenService(SECRET, '12h');
    const other = createTokenService(`${SECRET}-other`, '12h');
    const token = await tokens.sign(USER);
    expect(await codeOf(tokens.verify(token))).toBe('accepted');
    expect(await codeOf(other.verify(token))).toBe('UNAUTHORIZED');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    const edited = `${h}.${Buffer.from(JSON.stringify({ ...payload, level: 0 })).toString('base64url')}.${s}`;
    expect(await codeOf(tokens.verify(edited))).toBe('UNAUTHORIZED');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect(await codeOf(tokens.verify(unsigned))).toBe('UNAUTHORIZED');
    // The original is still accepted after the refusals.
    expect(await codeOf(tokens.verify(token))).toBe('accepted');
  });

  it('remembers a bounded number of tokens and keeps verifying beyond it', async () => {
    const tokens = createTokenService(SECRET, '12h');
    const first = await tokens.sign(USER);
    await tokens.verify(first);
    for (let i = 0; i < VERIFIED_TOKENS_KEPT + 5; i++) {
      await tokens.verify(await tokens.sign({ ...USER, ver: i + 1 }));
    }
    // The oldest was forgotten, not refused: jose accepts it again.
    expect(await codeOf(tokens.verify(first))).toBe('accepted');
  }, 60_000);
});
