/**
 * "Ajustes" of the messages: the form's values from the API's answer, the payload back, and the
 * validation with the shared schema, so the messages are the server's (the spec's e-mail message).
 */
import {
  CUSTOMER_MESSAGE_KINDS,
  MSG,
  type TCustomerMessageKind,
  type TMessageSettingsResponse,
  type TMessageSettingsUpdateRequest,
  ZMessageSettings,
} from '@trayecto/shared';
import { issuesToErrors } from '../../../lib/form-errors';

export type TSettingsValues = {
  sender_name: string;
  reply_to: string;
  reminder_time: string;
  enabled_kinds: TCustomerMessageKind[];
};

/** The form's fields from top to bottom (server errors name them; the first error is focused). */
export const SETTINGS_FIELDS = ['sender_name', 'reply_to', 'reminder_time', 'enabled_kinds'] as const;

export function settingsValuesOf(s: TMessageSettingsResponse): TSettingsValues {
  return {
    sender_name: s.sender_name ?? '',
    reply_to: s.reply_to ?? '',
    reminder_time: s.reminder_time ?? '',
    enabled_kinds: CUSTOMER_MESSAGE_KINDS.filter((k) => s.enabled_kinds.includes(k)),
  };
}

/** The whole settings (PUT keeps what is not sent; the form sends everything it shows). */
export function toSettingsPayload(v: TSettingsValues): TMessageSettingsUpdateRequest {
  return {
    sender_name: v.sender_name.trim(),
    reply_to: v.reply_to.trim(),
    reminder_time: v.reminder_time.trim().slice(0, 5),
    enabled_kinds: CUSTOMER_MESSAGE_KINDS.filter((k) => v.enabled_kinds.includes(k)),
  };
}

export function validateSettings(v: TSettingsValues): Record<string, string> {
  const result = ZMessageSettings.safeParse(toSettingsPayload(v));
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  if (!v.reminder_time.trim()) errors.reminder_time = MSG.required;
  return errors;
}

/** A switch turned on or off in the list of kinds, kept in the kinds' own order. */
export function toggleKind(
  kinds: readonly TCustomerMessageKind[],
  kind: TCustomerMessageKind,
  on: boolean,
): TCustomerMessageKind[] {
  return CUSTOMER_MESSAGE_KINDS.filter((k) => (k === kind ? on : kinds.includes(k)));
}
