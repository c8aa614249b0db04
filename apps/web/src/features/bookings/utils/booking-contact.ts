/**
 * Reaching the customer of a booking (issue 14): whether "Enviar por WhatsApp" can be used, and if
 * not, the reason the screen shows beside the button. The API checks the number itself (a valid
 * mobile for the customer's country) and says so when it is not.
 */

/** Fewer digits than this is no phone number at all (what people type: "+34 600 000 000"). */
const MIN_PHONE_DIGITS = 6;

export const hasPhone = (phone: string | null | undefined) =>
  (phone ?? '').replace(/\D/g, '').length >= MIN_PHONE_DIGITS;

/** Why WhatsApp cannot be used for this booking; null when it can. */
export function whatsappBlockedReason(phone: string | null | undefined, canEdit: boolean): string | null {
  if (hasPhone(phone)) return null;
  return canEdit
    ? 'La reserva no tiene teléfono: añádelo en «Cliente» y guarda para enviarla por WhatsApp.'
    : 'La reserva no tiene teléfono del cliente.';
}
