/**
 * A channel's webhook secret at rest (ADR 023): sealed with APP_ENCRYPTION_KEY (lib/encryption.ts,
 * AES-256-GCM), as the operators' payment secrets are, and opened only in memory: here, to compare
 * a secret sent again with the stored one, and by the outbox when it signs a delivery to the
 * channel (messages.webhooks.ts: the channel's endpoint keeps the same sealed value). Never
 * answered, logged nor audited: the answer says `webhook_secret_set`.
 *
 * The key is this process's (lib/secret-key.ts, set once when the app is built).
 */
import { openSecret, sealSecret } from '../../lib/secret-key';

/** The secret sealed (a `v1:` envelope), for `channels.webhook_secret` and its endpoint. */
export const sealWebhookSecret = (secret: string): string => sealSecret(secret);

/** The stored secret opened, or null when the channel has none (DecryptionError if the key changed). */
export function openWebhookSecret(sealed: string | null | undefined): string | null {
  return sealed ? openSecret(sealed) : null;
}
