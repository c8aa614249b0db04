import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env';

/**
 * Secrets at rest (ADR 022): AES-256-GCM from node:crypto with the key APP_ENCRYPTION_KEY (32
 * bytes). An envelope is `v1:<iv b64url>:<tag b64url>:<ciphertext b64url>`: a fresh 12-byte IV
 * each time, the 16-byte tag authenticates it, so a changed or truncated envelope, or the wrong
 * key, fails to open rather than giving garbage. Nothing here logs or returns a secret in an error.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key's text (64 hex characters or base64 of 32 bytes) as its 32 bytes; throws on anything else. */
export function parseEncryptionKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32)
    throw new Error('APP_ENCRYPTION_KEY debe tener 32 bytes (64 caracteres hexadecimales o base64)');
  return key;
}

/**
 * The encryption key: APP_ENCRYPTION_KEY when set, else one generated once into
 * DATA_DIR/encryption-key (mode 0600), as lib/secrets.ts does for the JWT secret.
 */
export function resolveEncryptionKey(config: Pick<Config, 'APP_ENCRYPTION_KEY' | 'DATA_DIR'>): Buffer {
  if (config.APP_ENCRYPTION_KEY) return parseEncryptionKey(config.APP_ENCRYPTION_KEY);
  const file = path.join(config.DATA_DIR, 'encryption-key');
  if (existsSync(file)) return parseEncryptionKey(readFileSync(file, 'utf8'));
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process wrote it first: theirs is the key.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return parseEncryptionKey(readFileSync(file, 'utf8'));
    throw err;
  }
  return key;
}

export class DecryptionError extends Error {
  constructor() {
    super('No se ha podido descifrar un secreto guardado: ¿ha cambiado APP_ENCRYPTION_KEY?');
    this.name = 'DecryptionError';
  }
}

/** Seals `plaintext` into a `v1:` envelope. */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
}

/** Opens a `v1:` envelope; DecryptionError when it was changed or the key is not the one that sealed it. */
export function decrypt(key: Buffer, envelope: string): string {
  const parts = envelope.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError();
  const iv = Buffer.from(parts[1], 'base64url');
  const tag = Buffer.from(parts[2], 'base64url');
  const body = Buffer.from(parts[3], 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptionError();
  }
}

/** A JSON object sealed (the operators' secrets are one object per row). */
export const encryptJson = (key: Buffer, value: Record<string, unknown>) => encrypt(key, JSON.stringify(value));

export function decryptJson<T extends Record<string, unknown>>(key: Buffer, envelope: string): T {
  const parsed: unknown = JSON.parse(decrypt(key, envelope));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new DecryptionError();
  return parsed as T;
}
