import type { TPublicAccommodation, TPublicAvailabilitySlot, TPublicBooking, TPublicProduct } from '@trayecto/shared';
import { PAX_TYPES, type TPaxType } from '@trayecto/shared/catalog';
import { addMonths, monthOf } from '@trayecto/shared/dates';
import { pathTo } from '@trayecto/shared/paths';
import { pricesOn, quoteBooking } from '@trayecto/shared/pricing';
import { CALENDAR_AUTO_ADVANCE_MONTHS } from '@trayecto/shared/public-http';
import { passengerTypes } from '@trayecto/shared/questions';
import { timeZoneOf, todayIn } from '@trayecto/shared/time-zone';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  answerFields,
  answerSlots,
  answersToSend,
  checkFormAnswers,
  type TAnswerSlot,
  type TAnswerValues,
} from '../lib/answers';
import { embeddedToday, getAccommodations, type TAlternative } from '../lib/api';
import { bookableDays, embeddedMonths, isBookable, useMonthsAvailability } from '../lib/availability';
import type { TMonth } from '../lib/calendar';
import { JUST_BOOKED_STATE, navigate, publicHref } from '../lib/navigation';
import { canPayNow, dueSplit, payMethodsOf } from '../lib/payments';
import { primeResource, useResource } from '../lib/resource';
import { usePayment } from '../lib/use-payment';
import { type TFieldErrors, type TNewBookingValues, validateNewBooking } from '../lib/validation';
import { bookingBody, fieldOrderWith, firstFieldWithError, focusField, initialValues } from './booking-fields';
import { useBookingSubmission } from './use-booking-submission';

/** How far ahead the calendar goes, in months. */
const MONTHS_AHEAD = 12;
/** How far the calendar moves on its own looking for the first month with departures. */
const AUTO_ADVANCE_MONTHS = CALENDAR_AUTO_ADVANCE_MONTHS;

/**
 * The new-booking form's state and actions: the values and their errors, the departures of the
 * months shown, the pickup places, the live price, and the submission (use-booking-submission.ts).
 * The steps (date, time, pax, pickup, customer, summary) only render what this gives them.
 */
export function useBookingForm(product: TPublicProduct) {
  // "Today" in the operator's zone, once for the page's life: the server's when it answered this
  // page (its data, and no time-zone data to load while the page loads), else the browser's.
  const [today] = useState(() => embeddedToday(product.id) ?? todayIn(timeZoneOf(product.tour_operator.timezone)));
  const minMonth = monthOf(today);
  const maxMonth = addMonths(minMonth, MONTHS_AHEAD);

  const [v, setV] = useState<TNewBookingValues>(() => initialValues(product));
  const [errors, setErrors] = useState<TFieldErrors>({});
  // The answers to the product's questions, by person (lib/answers.ts): they follow a passenger
  // whose number changes when someone is added before them.
  const [answers, setAnswers] = useState<TAnswerValues>({});
  const paxTypes = passengerTypes(v.pax as Partial<Record<TPaxType, number>>);
  const slots = answerSlots(product.questions, paxTypes);
  const fieldOrder = fieldOrderWith(answerFields(slots));
  // The months the server embedded (the opening month, or up to the first with departures): the
  // calendar opens on the last of them, as the server rendered it.
  const [embedded] = useState(() => embeddedMonths(product.id, minMonth, AUTO_ADVANCE_MONTHS));
  const embeddedLast = Object.keys(embedded).sort().at(-1);
  const [month, setMonth] = useState<TMonth>(embeddedLast ?? minMonth);
  // …and need not move on when the server already found the first month with departures.
  const [autoAdvance, setAutoAdvance] = useState(
    () =>
      !embeddedLast ||
      !(embedded[embeddedLast].some(isBookable) || embeddedLast >= addMonths(minMonth, AUTO_ADVANCE_MONTHS)),
  );
  const [version, setVersion] = useState(1);
  // Paid online (ADR 022): the booking made and holding its seats until it is paid, and whether
  // the last one's hold ended with its seats taken by others.
  const [created, setCreated] = useState<TPublicBooking | null>(null);
  const [holdExpired, setHoldExpired] = useState(false);
  const payment = usePayment(created, {
    onFailure(failure) {
      if (failure !== 'hold-expired') return;
      // Cancelled by the server: the customer's data stays, the departures are asked again.
      setCreated(null);
      setHoldExpired(true);
      submission.reset();
      setVersion((n) => n + 1);
    },
  });

  const submission = useBookingSubmission(fieldOrder, {
    onBooked(booking: TPublicBooking) {
      primeResource(`booking:${booking.id}`, booking);
      if (canPayNow(booking)) {
        // Paid online: straight to the provider when there is one way to pay, else the choice.
        setCreated(booking);
        if (payMethodsOf(booking).length === 1) void payment.pay(payMethodsOf(booking)[0], booking);
        return;
      }
      navigate(publicHref(pathTo('publicBookingVoucher', { bookingId: booking.id })), { state: JUST_BOOKED_STATE });
    },
    onDeparturesChanged: () => setVersion((n) => n + 1),
    onFieldErrors(found) {
      setErrors(found);
      const first = firstFieldWithError(found, fieldOrder);
      if (first) focusField(first);
    },
  });
  const submit = submission.state;

  // Departures of the shown month (and of the chosen date's month, for its times).
  const months = v.date && monthOf(v.date) !== month ? [month, monthOf(v.date)] : [month];
  const { store, retry } = useMonthsAvailability(product.id, months, today, version, embedded);
  const monthEntry = store[month];
  const monthSlots = monthEntry?.slots;
  const days = useMemo(() => bookableDays(monthSlots ?? []), [monthSlots]);
  const slotsOn = (date: string) => store[monthOf(date)]?.slots?.filter((s) => s.date === date);
  const dateSlots: TPublicAvailabilitySlot[] | undefined = v.date ? slotsOn(v.date) : undefined;
  const slot = dateSlots?.find((s) => s.time === v.time);
  const seatsLeft = slot ? slot.seats_left : null;

  // Start on the first month with departures (a season may start months from now).
  useEffect(() => {
    if (!autoAdvance || !monthSlots) return;
    if (monthSlots.some(isBookable) || month >= addMonths(minMonth, AUTO_ADVANCE_MONTHS)) setAutoAdvance(false);
    else setMonth(addMonths(month, 1));
  }, [autoAdvance, monthSlots, month, minMonth]);

  // Pickup places with their pickup time for the chosen departure time.
  const pickups = useResource<TPublicAccommodation[]>(
    product.pickup_enabled ? `pickups:${product.id}:${v.time || '-'}` : null,
    () => getAccommodations(product.id, v.time || undefined),
  );

  // Tariffs of the chosen date (seasons), the live quote and the seats the party takes.
  const { prices } = pricesOn(product, v.date || today);
  const offered = PAX_TYPES.map((t) => prices.find((p) => p.pax_type === t)).filter((p) => !!p);
  const quote = useMemo(() => {
    try {
      return quoteBooking(product, v.date || today, v.pax);
    } catch {
      return null;
    }
  }, [product, v.date, v.pax, today]);
  const seats = offered.reduce((n, p) => n + (p.occupies_seat ? (v.pax[p.pax_type] ?? 0) : 0), 0);
  const paxTotal = Object.values(v.pax).reduce((n, q) => n + (q || 0), 0);
  // What is paid online now and what on the day, before booking (null: nothing online).
  const split = quote ? dueSplit(product, quote.total_cents, quote.pax_total) : null;

  function set<K extends keyof TNewBookingValues>(field: K, value: TNewBookingValues[K]) {
    setV((prev) => ({ ...prev, [field]: value }));
    if (errors[field as string]) setErrors((e) => ({ ...e, [field]: undefined }));
    // Other passengers: the answers' errors were of passengers by number, which may now be others.
    if (field === 'pax') setErrors((e) => withoutAnswerErrors(e));
    if (submit.kind === 'error' || submit.kind === 'sold-out') submission.reset();
    if (holdExpired) setHoldExpired(false);
  }

  /** An answer to one of the product's questions (a booking's, or one passenger's). */
  function setAnswer(slot: TAnswerSlot, value: string) {
    setAnswers((prev) => ({ ...prev, [slot.key]: value }));
    if (errors[slot.field]) setErrors((e) => ({ ...e, [slot.field]: undefined }));
    if (submit.kind === 'error') submission.reset();
  }

  function chooseDate(date: string) {
    setV((prev) => {
      const times = slotsOn(date)?.filter(isBookable) ?? [];
      const keep = times.some((s) => s.time === prev.time);
      const only = times.length === 1 ? times[0].time : '';
      // Types not sold on that date (another season) are removed.
      const { prices: onDate } = pricesOn(product, date);
      const pax = Object.fromEntries(Object.entries(prev.pax).filter(([t]) => onDate.some((p) => p.pax_type === t)));
      return { ...prev, date, time: keep ? prev.time : only, pax };
    });
    setErrors((e) => ({ ...e, date: undefined, time: undefined }));
    if (submit.kind !== 'sending') submission.reset();
  }

  function changeMonth(m: TMonth) {
    setAutoAdvance(false);
    setMonth(m);
  }

  function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    // A double click or a second Enter while the first request runs: that request is the one.
    if (submission.isSending() || created) return;
    setHoldExpired(false);
    const found = {
      ...validateNewBooking(v, { pickupEnabled: product.pickup_enabled, seatsLeft, seats }),
      // The booking questions, with the API's rules: every required one, for every passenger.
      ...checkFormAnswers(product.questions, slots, answers, paxTypes.length),
    };
    setErrors(found);
    const first = firstFieldWithError(found, fieldOrder);
    if (first) {
      submission.reset();
      focusField(first);
      return;
    }
    void submission.submit(bookingBody(product, v, answersToSend(slots, answers)), seats);
  }

  // After a sold-out answer: the other times of that date with room for this party, from the
  // server's alternatives or the refreshed departures.
  const alternatives: TAlternative[] =
    submit.kind === 'sold-out'
      ? (
          submit.alternatives ??
          (slotsOn(submit.date) ?? [])
            .filter((s) => s.time !== submit.time && isBookable(s))
            .map((s) => ({ time: s.time, seats_left: s.seats_left }))
        ).filter((a) => a.seats_left >= submit.seats && a.time !== submit.time)
      : [];
  const soldOutSeats =
    submit.kind === 'sold-out' ? (slotsOn(submit.date)?.find((s) => s.time === submit.time)?.seats_left ?? null) : null;

  /** "Cambiar a las 11:00" after a sold-out answer. */
  function switchToTime(time: string) {
    if (submit.kind === 'sold-out' && v.date !== submit.date) chooseDate(submit.date);
    set('time', time);
    submission.reset();
    focusField('time');
  }

  /** "Elegir otra fecha" after a sold-out answer. */
  function pickAnotherDate() {
    submission.reset();
    setHoldExpired(false);
    focusField('date');
  }

  return {
    product,
    values: v,
    errors,
    set,
    // date step
    month,
    minMonth,
    maxMonth,
    changeMonth,
    monthEntry,
    retryMonth: retry,
    days,
    calendarLoading: !monthSlots || autoAdvance,
    noDeparturesThisMonth: !!monthSlots && !autoAdvance && days.size === 0 && !monthEntry?.error,
    chooseDate,
    // time and pax steps
    dateSlots,
    seatsLeft,
    offered,
    seats,
    paxTotal,
    // questions step
    slots,
    answers,
    setAnswer,
    // pickup step and summary
    pickups: pickups.data,
    pickupChoice: product.pickup_enabled ? pickups.data?.find((a) => a.id === v.pickup) : undefined,
    quote,
    split,
    // paying online
    created,
    holdExpired,
    payment,
    // submission
    submit,
    onSubmit,
    alternatives,
    soldOutSeats,
    switchToTime,
    pickAnotherDate,
  };
}

export type TBookingForm = ReturnType<typeof useBookingForm>;

/** The errors less the answers' (`answers.…`). */
function withoutAnswerErrors(errors: TFieldErrors): TFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !field.startsWith('answers.')));
}
