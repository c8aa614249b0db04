/**
 * Channel API keys (ADR 023): the OCTO Bearer token a reseller sends. A key is `trk_` and 40
 * base64url characters of randomness (240 bits); only its SHA-256 is stored, with its first 12
 * characters to recognise it in "Canales" and in the request log. A hash of that much randomness
 * needs no salt nor slow hashing: it cannot be guessed, and a lookup by hash is one index read.
 */
import { createHash, randomBytes } from 'node:crypto';

export const CHANNEL_KEY_PREFIX = 'trk_';
const KEY_PATTERN = /^trk_[A-Za-z0-9_-]{40}$/;

export type NewChannelKey = { key: string; hash: string; prefix: string };

export function newChannelKey(): NewChannelKey {
  const key = `${CHANNEL_KEY_PREFIX}${randomBytes(30).toString('base64url')}`;
  return { key, hash: hashChannelKey(key), prefix: key.slice(0, 12) };
}

export function hashChannelKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a Bearer token has the shape of a channel key (anything else is refused unread). */
export const looksLikeChannelKey = (token: string) => KEY_PATTERN.test(token);
