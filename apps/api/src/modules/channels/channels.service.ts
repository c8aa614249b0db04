/**
 * Sales channels (issue 33, ADR 023): the rules and transactions of "Canales". A channel belongs to
 * one operator; levels 0–1 manage it (route-guarded; the repository scopes the administrator to
 * every operator and a manager to their own, so another operator's channel is 404). Every write is
 * one transaction with its audit entry (entity `channel`): never a key nor the webhook secret, which
 * the entry shows as "(cambiado)".
 *
 * The OCTO API (modules/octo) authenticates keys and logs requests on its side. A channel's webhook
 * is delivered by the outbox (modules/messages): every write keeps the channel's endpoint in step
 * with it (channels.webhook.ts); modules/octo decides what is sent (octo.webhooks.ts).
 *
 * One file per job, gathered here for the routes:
 * - channels.read.ts: the list and one channel, with products and net rates;
 * - channels.write.ts: creating and editing a channel (checks in channels.rules.ts, the webhook
 *   endpoint in channels.webhook.ts);
 * - channel-keys.service.ts: a channel's API keys (new, list, revoke);
 * - channel-requests.service.ts: the request log, and its purge (background.ts).
 */
export { createChannelKey, listChannelKeys, revokeChannelKey } from './channel-keys.service';
export { listChannelRequests } from './channel-requests.service';
export { getChannel, listChannels } from './channels.read';
export { createChannel, updateChannel } from './channels.write';
