import type { TPublicAccommodation, TPublicBooking, TPublicBookingUpdateRequest } from '@trayecto/shared';
import { CUSTOMER_EDITABLE_STATES, type TPaxType } from '@trayecto/shared/catalog';
import { passengerTypes } from '@trayecto/shared/questions';
import { type FormEvent, useState } from 'react';
import { getLocale, t } from '../i18n';
import { paxOfLines } from '../lib/answer-text';
import {
  answerSlots,
  answersToSend,
  checkFormAnswers,
  sameAnswers,
  type TAnswerSlot,
  type TAnswerValues,
  valuesOfAnswers,
} from '../lib/answers';
import { cancelBooking, getAccommodations, PublicApiError, updateBooking } from '../lib/api';
import { useResource } from '../lib/resource';
import { fieldErrorsFromServer, MEETING_POINT, type TFieldErrors, validateCustomer } from '../lib/validation';
import { passengerRows, remapPassengerErrors, type TPassengerRow } from './passengers';

/** States in which the customer may still change their data (the API's rule). */
const EDITABLE = new Set<string>(CUSTOMER_EDITABLE_STATES);

export type TNotice = { kind: 'success' | 'error'; title: string; text?: string } | null;

/**
 * The language the form shows: the booking's own, which the customer sees and may change and which
 * is only sent as it stands in the field; a booking with none gets the page's language, so the
 * messages that follow speak the language the customer is reading. A booking that has one keeps it
 * even when the page is read in another: the page's language can come from a browser or a shared
 * link, and a save of the room number must not silently change which language the operator writes
 * in (the select is there, above the button, to change it).
 */
export function initialLanguage(bookingLanguage: string | null | undefined): string {
  return bookingLanguage || getLocale();
}

/**
 * The customer's own booking: their data as a form, saving it (PUT), confirming a booking staff
 * prepared for them and cancelling it (POST …/cancel), and what the page says after each.
 */
export function useExistingBooking(b: TPublicBooking, onChange: (b: TPublicBooking) => void) {
  const editable = EDITABLE.has(b.state);
  const initialPickup = b.accommodation?.id ?? (b.product.pickup_enabled ? MEETING_POINT : '');
  const [values, setValues] = useState(() => ({
    customer_name: b.customer_name,
    customer_email: b.customer_email,
    customer_phone: b.customer_phone,
    customer_country: b.customer_country,
    language: initialLanguage(b.language),
    notes: b.notes,
    room: b.room,
    pickup: initialPickup,
    accept_terms: false,
  }));
  const [passengers, setPassengers] = useState<TPassengerRow[]>(() => passengerRows(b));
  // The product's questions (ADR 024): the answers given, to change or complete while it can change.
  const paxTypes = passengerTypes(paxOfLines(b.lines));
  const slots = answerSlots(b.questions, paxTypes);
  const [answers, setAnswers] = useState<TAnswerValues>(() => valuesOfAnswers(b.answers, paxTypes));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [notice, setNotice] = useState<TNotice>(null);
  const [busy, setBusy] = useState<'save' | 'confirm' | 'cancel' | null>(null);

  const pickups = useResource<TPublicAccommodation[]>(
    b.product.pickup_enabled && editable ? `pickups:${b.product.id}:${b.time}` : null,
    () => getAccommodations(b.product.id, b.time),
  );

  function set<K extends keyof typeof values>(field: K, value: (typeof values)[K]) {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function setAnswer(slot: TAnswerSlot, value: string) {
    setAnswers((prev) => ({ ...prev, [slot.key]: value }));
    if (errors[slot.field]) setErrors((e) => ({ ...e, [slot.field]: undefined }));
  }

  function setPassengerName(index: number, name: string) {
    setPassengers((rows) => rows.map((r, j) => (j === index ? { ...r, full_name: name } : r)));
  }

  /** Saves the customer's data; with `confirm`, also confirms the booking (terms accepted). */
  async function save(confirm: boolean, e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const v = values;
    // The answers are sent only when the customer changed them (sent, they replace the stored ones,
    // answers to questions the product no longer asks included); sent or confirming, every required
    // question must be answered, as the API checks.
    const sending = answersToSend(slots, answers);
    const answersChanged = !sameAnswers(sending, answersToSend(slots, valuesOfAnswers(b.answers, paxTypes)));
    const found = {
      ...validateCustomer(v, confirm),
      ...(answersChanged || confirm ? checkFormAnswers(b.questions, slots, answers, paxTypes.length) : {}),
    };
    setErrors(found);
    const invalid = Object.keys(found).filter((k) => found[k]);
    if (invalid.length) {
      setNotice(null);
      firstOnPage(invalid)?.focus();
      return;
    }
    const body: TPublicBookingUpdateRequest = {
      customer_name: v.customer_name.trim(),
      customer_email: v.customer_email.trim(),
      customer_phone: v.customer_phone.trim(),
      customer_country: v.customer_country,
      language: (v.language || undefined) as TPublicBookingUpdateRequest['language'],
      notes: v.notes.trim(),
      passengers: passengers
        .filter((p) => p.full_name.trim())
        .map((p) => ({ full_name: p.full_name.trim(), pax_type: p.pax_type as TPaxType })),
      ...(b.product.pickup_enabled && v.pickup !== initialPickup
        ? { accommodation_id: v.pickup && v.pickup !== MEETING_POINT ? v.pickup : null }
        : {}),
      ...(b.product.pickup_enabled ? { room: v.room.trim() } : {}),
      ...(answersChanged ? { answers: sending } : {}),
      ...(confirm ? { confirm: true, accept_terms: true } : {}),
    };
    setBusy(confirm ? 'confirm' : 'save');
    try {
      const updated = await updateBooking(b.id, body);
      onChange(updated);
      const tx = t().existing;
      setNotice(
        confirm
          ? { kind: 'success', title: tx.confirmedTitle, text: tx.confirmedText }
          : { kind: 'success', title: tx.savedTitle },
      );
    } catch (err) {
      const error = err instanceof PublicApiError ? err : new PublicApiError(0, String(err));
      if (error.status === 422) setErrors(fieldErrorsFromServer(remapPassengerErrors(error.errors, passengers)));
      const tx = t().existing;
      setNotice({
        kind: 'error',
        title: confirm ? tx.confirmFailed : tx.saveFailed,
        text: error.status === 422 ? tx.checkFields : error.message,
      });
    } finally {
      setBusy(null);
    }
  }

  /** Cancels the booking: null when done, else the message to show in the dialog. */
  async function cancel(reason: string): Promise<string | null> {
    if (busy) return null;
    setBusy('cancel');
    try {
      const updated = await cancelBooking(b.id, reason.trim());
      onChange(updated);
      const tx = t().existing;
      setNotice({ kind: 'success', title: tx.cancelledDoneTitle, text: tx.cancelledDoneText });
      return null;
    } catch (err) {
      return err instanceof PublicApiError ? err.message : String(err);
    } finally {
      setBusy(null);
    }
  }

  return {
    booking: b,
    editable,
    values,
    set,
    passengers,
    setPassengerName,
    slots,
    answers,
    setAnswer,
    errors,
    notice,
    busy,
    pickups: pickups.data,
    save,
    cancel,
  };
}

export type TExistingBooking = ReturnType<typeof useExistingBooking>;

/** The element of the page, among those with these ids, that comes first (where focus goes on an error). */
function firstOnPage(ids: string[]): HTMLElement | undefined {
  const found = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => !!el);
  return found.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}
