import type { TPublicAccommodation, TPublicAvailabilitySlot, TPublicProduct } from '@trayecto/shared';
import { LANGUAGE_NAMES, NO_SEATS_MESSAGE, PAX_TYPE_NAMES, PAX_TYPES, type TPaxType } from '@trayecto/shared/catalog';
import { pathTo } from '@trayecto/shared/paths';
import { pricesOn, quoteBooking } from '@trayecto/shared/pricing';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Calendar } from '../components/calendar';
import { CustomerFields } from '../components/customer-fields';
import { SelectField, TermsCheckbox, TextArea, TextField } from '../components/fields';
import { IconAlert, IconCalendar, IconClock, IconMapPin, IconUsers } from '../components/icons';
import { PaxStepper } from '../components/pax-stepper';
import { PickupPicker } from '../components/pickup-picker';
import { Shell } from '../components/shell';
import { ErrorPage, LoadingPage, NotFoundPage, Skeleton } from '../components/states';
import {
  createBooking,
  embeddedProduct,
  getAccommodations,
  getProduct,
  PublicApiError,
  type TAlternative,
  type TNewBookingBody,
} from '../lib/api';
import { bookableDays, isBookable, monthKey, useMonthsAvailability } from '../lib/availability';
import { addMonths, compareMonths, monthOf, type TMonth, todayIn } from '../lib/calendar';
import { formatCents, formatDate, plural, seatsLeftText } from '../lib/format';
import { createAttemptTracker, fingerprintOf } from '../lib/idempotency';
import { navigate } from '../lib/navigation';
import { pickupPlace } from '../lib/pickup';
import { primeResource, useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';
import {
  fieldErrorsFromServer,
  MEETING_POINT,
  type TFieldErrors,
  type TNewBookingValues,
  validateNewBooking,
} from '../lib/validation';
import { freeCancellationText } from './landing-page';
import './forms.css';

const ROUTE = 'public-booking';
/** How far ahead the calendar goes. */
const MONTHS_AHEAD = 12;

export function BookingPage({ productId }: { productId: string }) {
  const product = useResource(`product:${productId}`, () => getProduct(productId), {
    initial: embeddedProduct(productId),
  });
  const p = product.data;
  usePageTitle(p ? `Reservar: ${p.name} · ${p.tour_operator.name}` : null);
  if (product.error?.isNotFound) return <NotFoundPage routeName={ROUTE} />;
  if (!p && product.error) return <ErrorPage routeName={ROUTE} error={product.error} onRetry={product.reload} />;
  if (!p) return <LoadingPage routeName={ROUTE} variant="form" />;
  return <BookingForm product={p} />;
}

/** Field → the element to focus when it has an error. */
const FOCUS_TARGET: Record<string, string> = {
  date: 'step-date',
  time: 'step-time',
  pax: 'step-pax',
  pickup: 'pickup',
};

function focusField(field: string) {
  const el = document.getElementById(FOCUS_TARGET[field] ?? field);
  if (!el) return;
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.focus({ preventScroll: true });
}

const FIELD_ORDER = [
  'date',
  'time',
  'pax',
  'pickup',
  'room',
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_country',
  'language',
  'notes',
  'accept_terms',
];

function initialValues(product: TPublicProduct): TNewBookingValues {
  const firstSeat = product.prices.find((pr) => pr.occupies_seat && pr.amount_cents >= 0);
  const lang = navigator.language?.slice(0, 2).toLowerCase() ?? 'es';
  return {
    date: '',
    time: '',
    pax: firstSeat ? { [firstSeat.pax_type]: 1 } : {},
    pickup: '',
    room: '',
    customer_name: '',
    customer_email: '',
    customer_phone: '',
    customer_country: '',
    language: product.languages.includes(lang)
      ? lang
      : product.languages.includes('es')
        ? 'es'
        : (product.languages[0] ?? 'es'),
    notes: '',
    accept_terms: false,
  };
}

type SubmitState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sold-out'; date: string; time: string; seats: number; alternatives: TAlternative[] | null }
  | { kind: 'error'; message: string; retryable: boolean };

function BookingForm({ product }: { product: TPublicProduct }) {
  const op = product.tour_operator;
  const today = useMemo(() => todayIn(op.timezone || 'Europe/Madrid'), [op.timezone]);
  const minMonth = monthOf(today);
  const maxMonth = addMonths(minMonth, MONTHS_AHEAD);

  const [v, setV] = useState<TNewBookingValues>(() => initialValues(product));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [submit, setSubmit] = useState<SubmitState>({ kind: 'idle' });
  const [month, setMonth] = useState<TMonth>(minMonth);
  const [autoAdvance, setAutoAdvance] = useState(true);
  const [version, setVersion] = useState(1);
  const tracker = useRef(createAttemptTracker());
  const sending = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);

  // Departures of the shown month (and of the chosen date's month, for its times).
  const months = v.date && monthKey(monthOf(v.date)) !== monthKey(month) ? [month, monthOf(v.date)] : [month];
  const { store, retry } = useMonthsAvailability(product.id, months, today, version);
  const monthEntry = store[monthKey(month)];
  const monthSlots = monthEntry?.slots;
  const days = useMemo(() => bookableDays(monthSlots ?? []), [monthSlots]);
  const dateSlots: TPublicAvailabilitySlot[] | undefined = v.date
    ? store[monthKey(monthOf(v.date))]?.slots?.filter((s) => s.date === v.date)
    : undefined;
  const slot = dateSlots?.find((s) => s.time === v.time);
  const seatsLeft = slot ? slot.seats_left : null;

  // Start on the first month with departures (a season may start months from now).
  useEffect(() => {
    if (!autoAdvance || !monthSlots) return;
    if (monthSlots.some(isBookable) || compareMonths(month, addMonths(minMonth, 6)) >= 0) setAutoAdvance(false);
    else setMonth(addMonths(month, 1));
  }, [autoAdvance, monthSlots, month, minMonth]);

  // Pickup places with their pickup time for the chosen departure time.
  const pickups = useResource<TPublicAccommodation[]>(
    product.pickup_enabled ? `pickups:${product.id}:${v.time || '-'}` : null,
    () => getAccommodations(product.id, v.time || undefined),
  );

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

  function set<K extends keyof TNewBookingValues>(field: K, value: TNewBookingValues[K]) {
    setV((prev) => ({ ...prev, [field]: value }));
    if (errors[field as string]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (submit.kind === 'error' || submit.kind === 'sold-out') setSubmit({ kind: 'idle' });
  }

  function chooseDate(date: string) {
    setV((prev) => {
      const times = store[monthKey(monthOf(date))]?.slots?.filter((s) => s.date === date && isBookable(s)) ?? [];
      const keep = times.some((s) => s.time === prev.time);
      const only = times.length === 1 ? times[0].time : '';
      // Types not sold on that date (another season) are removed.
      const { prices: onDate } = pricesOn(product, date);
      const pax = Object.fromEntries(Object.entries(prev.pax).filter(([t]) => onDate.some((p) => p.pax_type === t)));
      return { ...prev, date, time: keep ? prev.time : only, pax };
    });
    setErrors((e) => ({ ...e, date: undefined, time: undefined }));
    if (submit.kind !== 'sending') setSubmit({ kind: 'idle' });
  }

  function buildBody(): TNewBookingBody {
    const pax = Object.fromEntries(Object.entries(v.pax).filter(([, q]) => q > 0)) as TNewBookingBody['pax'];
    return {
      product_id: product.id,
      date: v.date,
      time: v.time,
      pax,
      customer_name: v.customer_name.trim(),
      customer_email: v.customer_email.trim(),
      customer_phone: v.customer_phone.trim(),
      ...(v.customer_country ? { customer_country: v.customer_country } : {}),
      ...(v.language ? { language: v.language as TNewBookingBody['language'] } : {}),
      ...(product.pickup_enabled
        ? { accommodation_id: v.pickup && v.pickup !== MEETING_POINT ? v.pickup : null, room: v.room.trim() }
        : {}),
      notes: v.notes.trim(),
      accept_terms: v.accept_terms,
    };
  }

  async function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    // A double click or a second Enter while the first request runs: that request is the one.
    if (sending.current) return;
    const found = validateNewBooking(v, {
      pickupEnabled: product.pickup_enabled,
      seatsLeft,
      seats,
    });
    const first = FIELD_ORDER.find((f) => found[f]);
    setErrors(found);
    if (first) {
      setSubmit({ kind: 'idle' });
      focusField(first);
      return;
    }
    const body = buildBody();
    const key = tracker.current.keyFor(fingerprintOf(body));
    sending.current = true;
    setSubmit({ kind: 'sending' });
    try {
      // The server may still be answering the first copy of this attempt (409 "in progress"):
      // wait and ask again with the same key.
      let booking = null;
      for (let i = 0; ; i++) {
        try {
          booking = await createBooking(body, key);
          break;
        } catch (err) {
          // "Still running" is the only 409 that asks to retry (Retry-After); sold out is not.
          const inProgress =
            err instanceof PublicApiError &&
            err.status === 409 &&
            err.message !== NO_SEATS_MESSAGE &&
            err.retryAfter !== null;
          if (!inProgress || i >= 4) throw err;
          await new Promise((r) => setTimeout(r, 800 * (i + 1)));
        }
      }
      tracker.current.settle(key, 'success');
      primeResource(`booking:${booking.id}`, booking);
      navigate(pathTo('publicBookingVoucher', { bookingId: booking.id }));
    } catch (err) {
      const error = err instanceof PublicApiError ? err : new PublicApiError(0, String(err));
      if (error.status === 409 && error.message === NO_SEATS_MESSAGE) {
        tracker.current.settle(key, 'rejected');
        setVersion((n) => n + 1);
        setSubmit({
          kind: 'sold-out',
          date: body.date,
          time: body.time,
          seats,
          alternatives: error.alternatives.length ? error.alternatives : null,
        });
      } else if (error.status === 409 && error.retryAfter !== null) {
        // Still running after a few tries: the same key later will answer the first result.
        tracker.current.settle(key, 'uncertain');
        setSubmit({ kind: 'error', message: error.message, retryable: true });
      } else if (error.status === 409) {
        // The departure closed (sale cut-off, cancelled by the operator…): pick another.
        tracker.current.settle(key, 'rejected');
        setVersion((n) => n + 1);
        setSubmit({ kind: 'error', message: error.message, retryable: false });
      } else if (error.status === 422 || error.status === 400) {
        tracker.current.settle(key, 'rejected');
        const fe = fieldErrorsFromServer(error.errors);
        setErrors(fe);
        const firstField = FIELD_ORDER.find((f) => fe[f]);
        const unknown = Object.keys(fe).filter((f) => !FIELD_ORDER.includes(f));
        setSubmit({
          kind: 'error',
          message: unknown.length
            ? `${error.message}: ${unknown.map((f) => fe[f]).join('. ')}`
            : 'Revisa los campos marcados.',
          retryable: false,
        });
        if (firstField) focusField(firstField);
      } else {
        tracker.current.settle(key, error.isRetryable ? 'uncertain' : 'rejected');
        setSubmit({ kind: 'error', message: error.message, retryable: error.isRetryable });
      }
    } finally {
      sending.current = false;
    }
  }

  useEffect(() => {
    if (submit.kind === 'sold-out' || submit.kind === 'error') alertRef.current?.focus();
  }, [submit]);

  // After a sold-out answer: the other times of that date with room for this party, from the
  // server's alternatives or the refreshed departures.
  const alternatives: TAlternative[] =
    submit.kind === 'sold-out'
      ? (
          submit.alternatives ??
          (store[monthKey(monthOf(submit.date))]?.slots ?? [])
            .filter((s) => s.date === submit.date && s.time !== submit.time && isBookable(s))
            .map((s) => ({ time: s.time, seats_left: s.seats_left }))
        ).filter((a) => a.seats_left >= submit.seats && a.time !== submit.time)
      : [];
  const soldOutSeats =
    submit.kind === 'sold-out'
      ? (store[monthKey(monthOf(submit.date))]?.slots?.find((s) => s.date === submit.date && s.time === submit.time)
          ?.seats_left ?? null)
      : null;

  const terms = op.booking_terms;
  const pickupChoice = product.pickup_enabled ? pickups.data?.find((a) => a.id === v.pickup) : undefined;
  let step = 0;
  const nextStep = () => ++step;

  return (
    <Shell
      routeName={ROUTE}
      operator={op}
      className="bk-page"
      back={{
        href: pathTo('publicLanding', { productId: product.id }),
        label: 'Volver a la excursión',
        short: 'Volver',
      }}
    >
      <div className="pub-container bk">
        <header className="bk-head">
          {product.images[0] && (
            <img
              className="bk-head-img"
              src={product.images[0].thumb_url}
              alt=""
              width={96}
              height={Math.round((96 * product.images[0].height) / Math.max(1, product.images[0].width))}
            />
          )}
          <div>
            <p className="lp-kicker">Reserva online</p>
            <h1>{product.name}</h1>
            <p className="bk-head-note">{freeCancellationText(product.free_cancellation_hours)}</p>
          </div>
        </header>

        <form className="bk-form" noValidate onSubmit={onSubmit} aria-label="Reserva">
          <div className="bk-steps">
            <section className="bk-step" aria-labelledby="step-date-title">
              <h2 id="step-date-title">
                <span className="bk-step-n">{nextStep()}</span> Elige la fecha
              </h2>
              <div id="step-date" tabIndex={-1} className="bk-focus-target">
                {monthEntry?.error ? (
                  <div className="pub-inline-error" role="alert">
                    <p>{monthEntry.error.message}</p>
                    <button type="button" className="pub-btn pub-btn-secondary" onClick={() => retry(month)}>
                      Reintentar
                    </button>
                  </div>
                ) : (
                  <Calendar
                    month={month}
                    minMonth={minMonth}
                    maxMonth={maxMonth}
                    onMonthChange={(m) => {
                      setAutoAdvance(false);
                      setMonth(m);
                    }}
                    selected={v.date}
                    onSelect={chooseDate}
                    days={days}
                    loading={!monthSlots || autoAdvance}
                    invalid={!!errors.date}
                    describedBy={errors.date ? 'date-error' : undefined}
                  />
                )}
                {monthSlots && !autoAdvance && days.size === 0 && !monthEntry?.error && (
                  <p className="pub-hint">No hay salidas con plazas este mes. Prueba con el mes siguiente.</p>
                )}
              </div>
              {errors.date && (
                <p className="pub-error" id="date-error">
                  <IconAlert size={16} /> {errors.date}
                </p>
              )}
            </section>

            <section className="bk-step" aria-labelledby="step-time-title">
              <h2 id="step-time-title">
                <span className="bk-step-n">{nextStep()}</span> Elige la hora
              </h2>
              <div id="step-time" tabIndex={-1} className="bk-focus-target">
                {!v.date ? (
                  <p className="pub-hint">Elige primero una fecha en el calendario.</p>
                ) : !dateSlots ? (
                  <div className="bk-times">
                    <Skeleton h={64} r={12} />
                    <Skeleton h={64} r={12} />
                  </div>
                ) : (
                  <fieldset className="bk-times-set" aria-describedby={errors.time ? 'time-error' : undefined}>
                    <legend className="pub-sr-only">Hora de salida del {formatDate(v.date)}</legend>
                    <div className="bk-times">
                      {dateSlots.map((s) => {
                        const open = isBookable(s);
                        return (
                          <label key={s.time} className={`bk-time ${open ? '' : 'is-full'}`}>
                            <input
                              type="radio"
                              name="time"
                              value={s.time}
                              checked={v.time === s.time}
                              disabled={!open}
                              onChange={() => set('time', s.time)}
                            />
                            <span className="bk-time-h">{s.time}</span>
                            <span className="bk-time-seats">{open ? seatsLeftText(s.seats_left) : 'Completo'}</span>
                          </label>
                        );
                      })}
                    </div>
                  </fieldset>
                )}
              </div>
              {errors.time && (
                <p className="pub-error" id="time-error">
                  <IconAlert size={16} /> {errors.time}
                </p>
              )}
            </section>

            <section className="bk-step" aria-labelledby="step-pax-title">
              <h2 id="step-pax-title">
                <span className="bk-step-n">{nextStep()}</span> ¿Cuántas personas?
              </h2>
              <div id="step-pax" tabIndex={-1} className="bk-focus-target bk-pax-list">
                {offered.map((price) => {
                  const n = v.pax[price.pax_type] ?? 0;
                  const room = seatsLeft === null ? 50 : seatsLeft;
                  const canAdd = price.occupies_seat ? seats < room : paxTotal < 100 && n < Math.max(1, seats);
                  return (
                    <PaxStepper
                      key={price.pax_type}
                      price={{ min_age: null, max_age: null, ...price }}
                      value={n}
                      currency={product.currency}
                      canAdd={canAdd}
                      onChange={(q) => set('pax', { ...v.pax, [price.pax_type]: q })}
                    />
                  );
                })}
              </div>
              <p className="bk-pax-foot">
                {product.min_pax > 1 && (
                  <span>La salida se realiza con un mínimo de {plural(product.min_pax, 'persona', 'personas')}. </span>
                )}
                {seatsLeft !== null && <span>En esta salida {seatsLeftText(seatsLeft)}.</span>}
              </p>
              {errors.pax && (
                <p className="pub-error" id="pax-error" role="alert">
                  <IconAlert size={16} /> {errors.pax}
                </p>
              )}
            </section>

            {product.pickup_enabled && (
              <section className="bk-step" aria-labelledby="step-pickup-title">
                <h2 id="step-pickup-title">
                  <span className="bk-step-n">{nextStep()}</span> Recogida
                </h2>
                <PickupPicker
                  id="pickup"
                  options={pickups.data}
                  value={v.pickup}
                  onChange={(val) => set('pickup', val)}
                  error={errors.pickup}
                  meetingPoint={product.meeting_point}
                  disabled={!v.time}
                />
                {v.pickup && v.pickup !== MEETING_POINT && (
                  <TextField
                    id="room"
                    label="Habitación o apartamento"
                    value={v.room}
                    maxLength={20}
                    autoComplete="off"
                    onChange={(e) => set('room', e.target.value)}
                    error={errors.room}
                    className="bk-room"
                  />
                )}
              </section>
            )}

            <section className="bk-step" aria-labelledby="step-customer-title">
              <h2 id="step-customer-title">
                <span className="bk-step-n">{nextStep()}</span> Tus datos
              </h2>
              <div className="pub-grid-2">
                <CustomerFields values={v} errors={errors} onChange={set} contactRequired withHints />
                {product.languages.length > 0 && (
                  <SelectField
                    id="language"
                    label="Idioma de la excursión"
                    value={v.language}
                    onChange={(e) => set('language', e.target.value)}
                    error={errors.language}
                    required
                  >
                    {product.languages.map((l) => (
                      <option key={l} value={l}>
                        {LANGUAGE_NAMES[l as keyof typeof LANGUAGE_NAMES] ?? l}
                      </option>
                    ))}
                  </SelectField>
                )}
                <TextArea
                  id="notes"
                  label="Comentarios"
                  rows={3}
                  maxLength={1000}
                  value={v.notes}
                  onChange={(e) => set('notes', e.target.value)}
                  error={errors.notes}
                  hint="Alergias, movilidad reducida, sillitas para niños…"
                  className="pub-span-2"
                />
              </div>
            </section>
          </div>

          <aside className="bk-summary" aria-labelledby="bk-summary-title">
            <div className="bk-summary-card">
              <h2 id="bk-summary-title">Tu reserva</h2>
              <dl className="bk-summary-list">
                <div>
                  <dt>
                    <IconCalendar size={18} /> Fecha
                  </dt>
                  <dd>{v.date ? formatDate(v.date) : <span className="bk-pending">Sin elegir</span>}</dd>
                </div>
                <div>
                  <dt>
                    <IconClock size={18} /> Hora
                  </dt>
                  <dd>{v.time || <span className="bk-pending">Sin elegir</span>}</dd>
                </div>
                <div>
                  <dt>
                    <IconUsers size={18} /> Personas
                  </dt>
                  <dd>{plural(paxTotal, 'persona', 'personas')}</dd>
                </div>
                {product.pickup_enabled && (
                  <div>
                    <dt>
                      <IconMapPin size={18} /> Recogida
                    </dt>
                    <dd>
                      {pickupChoice ? (
                        <>
                          {pickupChoice.pickup_time && <strong>{pickupChoice.pickup_time} · </strong>}
                          {pickupPlace(pickupChoice)}
                        </>
                      ) : v.pickup === MEETING_POINT ? (
                        'Punto de encuentro'
                      ) : (
                        <span className="bk-pending">Sin elegir</span>
                      )}
                    </dd>
                  </div>
                )}
              </dl>
              <div className="bk-quote" data-testid="quote" aria-live="polite">
                {quote ? (
                  <ul>
                    {quote.lines.map((l) => (
                      <li key={l.pax_type}>
                        <span>
                          {l.quantity} × {PAX_TYPE_NAMES[l.pax_type as TPaxType]}
                        </span>
                        <span>{formatCents(l.total_cents, product.currency)}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="bk-pending">Añade al menos una persona.</p>
                )}
                <p className="bk-total">
                  <span>Total</span>
                  <strong data-testid="quote-total">{formatCents(quote?.total_cents ?? 0, product.currency)}</strong>
                </p>
                <p className="bk-total-note">Impuestos incluidos.</p>
              </div>

              <TermsCheckbox
                id="accept_terms"
                checked={v.accept_terms}
                onChange={(val) => set('accept_terms', val)}
                error={errors.accept_terms}
                operatorName={op.name}
                terms={terms}
                cancellation={freeCancellationText(product.free_cancellation_hours)}
              />

              {submit.kind === 'sold-out' && (
                <div
                  className="pub-alert pub-alert-warn"
                  role="alert"
                  tabIndex={-1}
                  ref={alertRef}
                  data-testid="sold-out"
                >
                  <p className="pub-alert-title">{NO_SEATS_MESSAGE}</p>
                  <p>
                    Se han vendido plazas de la salida del {formatDate(submit.date)} a las {submit.time} mientras
                    reservabas
                    {soldOutSeats !== null
                      ? soldOutSeats > 0
                        ? ` y ahora ${seatsLeftText(soldOutSeats)}.`
                        : ' y ya está completa.'
                      : '.'}{' '}
                    Tus datos siguen aquí: elige otra hora u otra fecha.
                  </p>
                  {alternatives.length > 0 && (
                    <ul className="pub-alert-actions" aria-label="Otras horas con plazas">
                      {alternatives.map((a) => (
                        <li key={a.time}>
                          <button
                            type="button"
                            className="pub-btn pub-btn-secondary"
                            onClick={() => {
                              if (v.date !== submit.date) chooseDate(submit.date);
                              set('time', a.time);
                              setSubmit({ kind: 'idle' });
                              focusField('time');
                            }}
                          >
                            Cambiar a las {a.time} · {seatsLeftText(a.seats_left)}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  <button
                    type="button"
                    className="pub-btn pub-btn-ghost"
                    onClick={() => {
                      setSubmit({ kind: 'idle' });
                      focusField('date');
                    }}
                  >
                    Elegir otra fecha
                  </button>
                </div>
              )}
              {submit.kind === 'error' && (
                <div className="pub-alert pub-alert-error" role="alert" tabIndex={-1} ref={alertRef}>
                  <p className="pub-alert-title">No hemos podido confirmar la reserva</p>
                  <p>{submit.message}</p>
                  {submit.retryable && <p>No te preocupes: si vuelves a intentarlo no se duplicará la reserva.</p>}
                </div>
              )}

              <button
                type="submit"
                className="pub-btn pub-btn-primary pub-btn-block pub-btn-lg"
                disabled={submit.kind === 'sending'}
                data-sending={submit.kind === 'sending' || undefined}
              >
                {submit.kind === 'sending' ? (
                  <>
                    <span className="pub-spinner" aria-hidden="true" /> Enviando…
                  </>
                ) : submit.kind === 'error' && submit.retryable ? (
                  'Reintentar'
                ) : (
                  'Confirmar reserva'
                )}
              </button>
              {!product.instant_confirmation && (
                <p className="bk-total-note">
                  {op.name} revisará tu reserva y te la confirmará por correo electrónico.
                </p>
              )}
            </div>
          </aside>
        </form>
      </div>
    </Shell>
  );
}
