import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import {
  DecryptionError,
  decrypt,
  decryptJson,
  encrypt,
  encryptJson,
  parseEncryptionKey,
  resolveEncryptionKey,
} from './encryption';
import { createLogger } from './logger';

const HEX = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

describe('secrets at rest (AES-256-GCM, ADR 022)', () => {
  const key = parseEncryptionKey(HEX);

  it('seals into a v1 envelope and opens it again; each seal is different', () => {
    const a = encrypt(key, 'sk_test_123456789');
    const b = encrypt(key, 'sk_test_123456789');
    expect(a).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk_test');
    expect(decrypt(key, a)).toBe('sk_test_123456789');
    expect(decryptJson(key, encryptJson(key, { stripe_secret_key: 'x' }))).toEqual({ stripe_secret_key: 'x' });
  });

  it('refuses a changed envelope or another key, without saying the secret', () => {
    const env = encrypt(key, 'secreto');
    const parts = env.split(':');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => decrypt(key, [parts[0], parts[1], parts[2], flipped.toString('base64url')].join(':'))).toThrow(
      DecryptionError,
    );
    expect(() => decrypt(parseEncryptionKey('ab'.repeat(32)), env)).toThrow(DecryptionError);
    expect(() => decrypt(key, 'v2:a:b:c')).toThrow(DecryptionError);
    expect(() => decrypt(key, 'garbage')).toThrow(DecryptionError);
  });

  it('takes the key as 64 hex characters or base64 of 32 bytes, nothing else', () => {
    const b64 = Buffer.from(HEX, 'hex').toString('base64');
    expect(parseEncryptionKey(b64).equals(key)).toBe(true);
    expect(() => parseEncryptionKey('short')).toThrow(/32 bytes/);
    expect(() => loadConfig({ APP_ENCRYPTION_KEY: 'short' }, { readDotenv: false })).toThrow(/APP_ENCRYPTION_KEY/);
    expect(loadConfig({ APP_ENCRYPTION_KEY: b64 }, { readDotenv: false }).APP_ENCRYPTION_KEY).toBe(b64);
  });

  it('is required with DATABASE_URL in production', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', JWT_SECRET: 'j'.repeat(40) };
    expect(() => loadConfig(env, { readDotenv: false })).toThrow(/APP_ENCRYPTION_KEY: es obligatorio/);
    expect(loadConfig({ ...env, APP_ENCRYPTION_KEY: HEX }, { readDotenv: false }).APP_ENCRYPTION_KEY).toBe(HEX);
  });

  it('with the embedded database, generates one once into DATA_DIR (mode 0600) and keeps it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trayecto-key-'));
    const first = resolveEncryptionKey({ DATA_DIR: dir, APP_ENCRYPTION_KEY: undefined });
    const file = path.join(dir, 'encryption-key');
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveEncryptionKey({ DATA_DIR: dir, APP_ENCRYPTION_KEY: undefined }).equals(first)).toBe(true);
    expect(resolveEncryptionKey({ DATA_DIR: dir, APP_ENCRYPTION_KEY: HEX }).equals(key)).toBe(true);
  });
});

describe('payment secrets never reach the log', () => {
  it('redacts secret_key, webhook_secret and sealed secrets wherever a log call passes them', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (s: string) => lines.push(s) });
    log.info(
      {
        body: { provider: 'stripe', stripe: { secret_key: 'sk_test_LEAK1', webhook_secret: 'whsec_LEAK2' } },
        redsys: { secret_key: 'LEAK3' },
        config: { secretKey: 'LEAK4', webhookSecret: 'LEAK5', secrets: 'v1:LEAK6' },
        secret_key: 'LEAK7',
      },
      'settings',
    );
    expect(lines.join('')).not.toMatch(/LEAK/);
    expect(lines.join('')).toContain('[oculto]');
  });
});
