import { describe, expect, it } from 'vitest';
import { hashChannelKey, looksLikeChannelKey, newChannelKey } from './channel-keys';

describe('channel keys (ADR 023)', () => {
  it('a new key: its shape, its SHA-256 and a prefix to recognise it; never the same twice', () => {
    const a = newChannelKey();
    const b = newChannelKey();
    expect(a.key).toMatch(/^trk_[A-Za-z0-9_-]{40}$/);
    expect(looksLikeChannelKey(a.key)).toBe(true);
    expect(a.hash).toBe(hashChannelKey(a.key));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.prefix).toBe(a.key.slice(0, 12));
    expect(a.key).not.toBe(b.key);
    expect(a.hash).not.toBe(b.hash);
  });

  it('anything else is not a key', () => {
    for (const t of [
      '',
      'trk_',
      'Bearer x',
      `trk_${'a'.repeat(39)}`,
      `xyz_${'a'.repeat(40)}`,
      `trk_${'a'.repeat(40)} `,
    ]) {
      expect(looksLikeChannelKey(t)).toBe(false);
    }
  });
});
