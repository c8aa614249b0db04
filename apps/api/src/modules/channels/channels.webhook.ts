/**
 * A channel's webhook (issue 33 item 7, ADR 023): whether a secret sent is the stored one, and the
 * channel's outbox endpoint (modules/messages) kept in step with the channel on every write.
 */
import type { DbOrTx } from '../../db/client';
import { setWebhookEndpointActive, upsertWebhookEndpoint } from '../messages/messages.webhooks';
import { openWebhookSecret } from './channel-secrets';

/** Whether the sealed secret is this one (one that no longer opens, the key changed, is not). */
export function isStoredSecret(sealed: string | null, secret: string): boolean {
  if (!sealed) return false;
  try {
    return openWebhookSecret(sealed) === secret;
  } catch {
    return false;
  }
}

/** What the channel's endpoint is made of: the channel as it is after the write. */
type WebhookState = {
  tourOperatorId: string;
  name: string;
  active: boolean;
  webhookUrl: string | null;
  /** Sealed (channel-secrets.ts): the endpoint keeps the same envelope, opened only to sign. */
  webhookSecret: string | null;
  webhookEndpointId: string | null;
};

/**
 * Keeps the channel's outbox endpoint in step with the channel (issue 33 item 7, ADR 023), in the
 * write's transaction: with a webhook address, its endpoint (made the first time) gets the address,
 * the same sealed secret, «Canal <name>» and the channel's `active` — so what is still queued goes to
 * the new address, signed with the new secret, and nothing goes while the channel is inactive;
 * without one, the endpoint it had is switched off (what is queued for it is skipped) and unlinked.
 * Answers the endpoint the channel points to now.
 */
export async function syncWebhookEndpoint(tx: DbOrTx, c: WebhookState): Promise<string | null> {
  if (c.webhookUrl && c.webhookSecret) {
    return upsertWebhookEndpoint(tx, {
      id: c.webhookEndpointId,
      tourOperatorId: c.tourOperatorId,
      url: c.webhookUrl,
      secret: c.webhookSecret,
      description: `Canal ${c.name}`,
      active: c.active,
    });
  }
  if (c.webhookEndpointId) await setWebhookEndpointActive(tx, c.webhookEndpointId, false);
  return null;
}
