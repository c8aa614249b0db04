/**
 * This process's key for the secrets it keeps in the database (ADR 022, lib/encryption.ts): the
 * channels' webhook secrets are sealed with it when saved and opened with it when a delivery is
 * signed (ADR 023). The key is APP_ENCRYPTION_KEY, or the one generated into DATA_DIR with the
 * embedded database; the composition root names where it comes from once ({@link configureSecretKey},
 * app.ts) and it is read on first use. Nothing here logs a secret or puts one in an error.
 */
import type { Config } from '../config/env';
import { decrypt, encrypt, resolveEncryptionKey } from './encryption';

type KeySource = Pick<Config, 'APP_ENCRYPTION_KEY' | 'DATA_DIR'>;
let runtime: { config: KeySource; key?: Buffer } | undefined;

/** Sets where this process's key comes from (app.ts does it when the app is built). */
export function configureSecretKey(config: KeySource): void {
  runtime = { config };
}

function secretKey(): Buffer {
  if (!runtime) throw new Error('configureSecretKey() has not been called');
  runtime.key ??= resolveEncryptionKey(runtime.config);
  return runtime.key;
}

/** `secret` sealed into a `v1:` envelope with this process's key. */
export const sealSecret = (secret: string): string => encrypt(secretKey(), secret);

/** A `v1:` envelope opened with this process's key (DecryptionError when the key is not the one that sealed it). */
export const openSecret = (sealed: string): string => decrypt(secretKey(), sealed);

/** A sealed envelope: `v1:<iv>:<tag>:<ciphertext>`, each base64url (a plain secret never has this shape). */
const ENVELOPE = /^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]*$/;

/** Whether a stored secret is sealed (else it is kept as written: older rows, secrets made by code). */
export const isSealedSecret = (stored: string): boolean => ENVELOPE.test(stored);

/** A stored secret ready to use: opened when sealed, as it is when plain. */
export const usableSecret = (stored: string): string => (isSealedSecret(stored) ? openSecret(stored) : stored);
