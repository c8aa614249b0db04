import type { TPublicAccommodation, TPublicBooking, TPublicBookingUpdateRequest } from '@trayecto/shared';
import { LANGUAGE_NAMES, type TPaxType } from '@trayecto/shared/catalog';
import { pathTo } from '@trayecto/shared/paths';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { BookingAmounts, PaymentBadge, paxTypeName, pickupSummary, StateBadge } from '../components/booking-bits';
import { CustomerFields } from '../components/customer-fields';
import { FieldError, SelectField, TermsCheckbox, TextArea, TextField } from '../components/fields';
import { IconCalendar, IconClock, IconMapPin, IconShield, IconTicket } from '../components/icons';
import { PickupPicker } from '../components/pickup-picker';
import { Shell } from '../components/shell';
import { ErrorPage, LoadingPage, NotFoundPage } from '../components/states';
import { cancelBooking, getAccommodations, getBooking, PublicApiError, updateBooking } from '../lib/api';
import { formatDateLong, formatDuration, formatInstant, plural } from '../lib/format';
import { onLinkClick } from '../lib/navigation';
import { useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';
import { fieldErrorsFromServer, MEETING_POINT, type TFieldErrors, validateCustomer } from '../lib/validation';
import { freeCancellationText } from './landing-page';
import './forms.css';

const ROUTE = 'public-booking-existing';
const EDITABLE = new Set(['pending', 'confirmed']);

export function ExistingBookingPage({ bookingId }: { bookingId: string }) {
  const booking = useResource(`booking:${bookingId}`, () => getBooking(bookingId));
  const b = booking.data;
  usePageTitle(b ? `Reserva ${b.locator} · ${b.tour_operator.name}` : null);
  if (booking.error?.isNotFound)
    return (
      <NotFoundPage
        routeName={ROUTE}
        what="No encontramos esta reserva. Revisa el enlace que te han enviado o ponte en contacto con tu tour operador."
      />
    );
  if (!b && booking.error) return <ErrorPage routeName={ROUTE} error={booking.error} onRetry={booking.reload} />;
  if (!b) return <LoadingPage routeName={ROUTE} variant="form" />;
  return <ExistingBooking booking={b} onChange={booking.set} />;
}

type Passenger = { pax_type: string; full_name: string };

/** One row per passenger of the booking, with the names already given filled in. */
export function passengerRows(b: Pick<TPublicBooking, 'lines' | 'passengers'>): Passenger[] {
  const pool = [...b.passengers];
  const rows: Passenger[] = [];
  for (const line of b.lines) {
    for (let i = 0; i < line.quantity; i++) {
      const at = pool.findIndex((p) => p.pax_type === line.pax_type);
      const name = at >= 0 ? pool.splice(at, 1)[0].full_name : '';
      rows.push({ pax_type: line.pax_type, full_name: name });
    }
  }
  return rows;
}

type Notice = { kind: 'success' | 'error'; title: string; text?: string } | null;

function ExistingBooking({ booking: b, onChange }: { booking: TPublicBooking; onChange: (b: TPublicBooking) => void }) {
  const op = b.tour_operator;
  const editable = EDITABLE.has(b.state);
  const initialPickup = b.accommodation?.id ?? (b.product.pickup_enabled ? MEETING_POINT : '');
  const [v, setV] = useState(() => ({
    customer_name: b.customer_name,
    customer_email: b.customer_email,
    customer_phone: b.customer_phone,
    customer_country: b.customer_country,
    language: b.language,
    notes: b.notes,
    room: b.room,
    pickup: initialPickup,
    accept_terms: false,
  }));
  const [passengers, setPassengers] = useState<Passenger[]>(() => passengerRows(b));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'save' | 'confirm' | 'cancel' | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [cancelError, setCancelError] = useState('');

  const pickups = useResource<TPublicAccommodation[]>(
    b.product.pickup_enabled && editable ? `pickups:${b.product.id}:${b.time}` : null,
    () => getAccommodations(b.product.id, b.time),
  );

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  function set<K extends keyof typeof v>(field: K, value: (typeof v)[K]) {
    setV((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function save(confirm: boolean, e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const found = validateCustomer(v, confirm);
    setErrors(found);
    const first = Object.keys(found).find((k) => found[k]);
    if (first) {
      setNotice(null);
      document.getElementById(first)?.focus();
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
      ...(confirm ? { confirm: true, accept_terms: true } : {}),
    };
    setBusy(confirm ? 'confirm' : 'save');
    try {
      const updated = await updateBooking(b.id, body);
      onChange(updated);
      setNotice(
        confirm
          ? {
              kind: 'success',
              title: '¡Reserva confirmada!',
              text: 'Gracias. Ya puedes ver e imprimir tu bono.',
            }
          : { kind: 'success', title: 'Cambios guardados' },
      );
    } catch (err) {
      const error = err instanceof PublicApiError ? err : new PublicApiError(0, String(err));
      if (error.status === 422) {
        const fe = fieldErrorsFromServer(remapPassengerErrors(error.errors, passengers));
        setErrors(fe);
      }
      setNotice({
        kind: 'error',
        title: confirm ? 'No hemos podido confirmar la reserva' : 'No hemos podido guardar los cambios',
        text: error.status === 422 ? 'Revisa los campos marcados.' : error.message,
      });
    } finally {
      setBusy(null);
    }
  }

  async function doCancel() {
    if (busy) return;
    setBusy('cancel');
    setCancelError('');
    try {
      const updated = await cancelBooking(b.id, reason.trim());
      dialog.current?.close();
      onChange(updated);
      setNotice({
        kind: 'success',
        title: 'Reserva cancelada',
        text: 'Hemos cancelado tu reserva y liberado las plazas.',
      });
    } catch (err) {
      setCancelError(err instanceof PublicApiError ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  }

  const pickup = pickupSummary(b);
  const cancelUntil = b.free_cancellation_until ? formatInstant(b.free_cancellation_until, op.timezone) : null;

  return (
    <Shell routeName={ROUTE} operator={op} className="bk-page">
      <div className="pub-container bx">
        <header className="bx-head">
          <p className="lp-kicker">Tu reserva con {op.name}</p>
          <h1>{b.product.name}</h1>
          <p className="bx-badges">
            <span className="bx-locator">
              <IconTicket size={18} /> <span data-testid="locator">{b.locator}</span>
            </span>
            <StateBadge state={b.state} />
            <PaymentBadge state={b.payment_state} />
          </p>
        </header>

        {notice && (
          <div
            className={`pub-alert ${notice.kind === 'success' ? 'pub-alert-success' : 'pub-alert-error'}`}
            role={notice.kind === 'success' ? 'status' : 'alert'}
            tabIndex={-1}
            ref={noticeRef}
          >
            <p className="pub-alert-title">{notice.title}</p>
            {notice.text && <p>{notice.text}</p>}
          </div>
        )}
        {b.state === 'cancelled' && (
          <div className="pub-alert pub-alert-error" data-testid="cancelled-banner">
            <p className="pub-alert-title">Esta reserva está cancelada</p>
            {b.cancelled_at && <p>Cancelada el {formatInstant(b.cancelled_at, op.timezone)}.</p>}
          </div>
        )}
        {b.can_confirm && (
          <div className="pub-alert pub-alert-info">
            <p className="pub-alert-title">{op.name} ha preparado esta reserva para ti</p>
            <p>Revisa los datos, completa lo que falte y pulsa «Confirmar reserva».</p>
          </div>
        )}
        {b.customer_confirmed_at && b.state !== 'cancelled' && !notice && (
          <div className="pub-alert pub-alert-success">
            <p className="pub-alert-title">Confirmaste esta reserva</p>
            <p>El {formatInstant(b.customer_confirmed_at, op.timezone)}.</p>
          </div>
        )}

        <div className="bx-layout">
          <section className="bx-summary" aria-labelledby="bx-summary-title">
            <h2 id="bx-summary-title" className="pub-sr-only">
              Resumen
            </h2>
            {b.product.image && (
              <img className="bx-img" src={b.product.image.url} alt={b.product.image.alt || ''} loading="lazy" />
            )}
            <dl className="bx-facts">
              <div>
                <dt>
                  <IconCalendar size={18} /> Fecha
                </dt>
                <dd>{formatDateLong(b.date)}</dd>
              </div>
              <div>
                <dt>
                  <IconClock size={18} /> Hora
                </dt>
                <dd>
                  {b.time}
                  {b.product.duration_minutes > 0 && (
                    <span className="bx-muted"> · {formatDuration(b.product.duration_minutes)}</span>
                  )}
                </dd>
              </div>
              {pickup && (
                <div>
                  <dt>
                    <IconMapPin size={18} /> {pickup.isMeetingPoint ? 'Punto de encuentro' : 'Recogida'}
                  </dt>
                  <dd>
                    {pickup.time && <strong>{pickup.time} · </strong>}
                    {pickup.place}
                    {!pickup.isMeetingPoint && b.room && <span className="bx-muted"> · Hab. {b.room}</span>}
                  </dd>
                </div>
              )}
            </dl>
            <BookingAmounts booking={b} />
            <div className="bx-cancel-info">
              <IconShield size={18} />
              <p>
                {b.can_cancel && cancelUntil
                  ? `Cancelación gratuita hasta el ${cancelUntil}.`
                  : b.state === 'cancelled'
                    ? 'Reserva cancelada.'
                    : cancelUntil
                      ? `El plazo de cancelación gratuita terminó el ${cancelUntil}. Para cualquier cambio, contacta con ${op.name}.`
                      : freeCancellationText(b.product.free_cancellation_hours)}
              </p>
            </div>
            <div className="bx-actions">
              <a
                className="pub-btn pub-btn-secondary pub-btn-block"
                href={pathTo('publicBookingVoucher', { bookingId: b.id })}
                onClick={onLinkClick}
              >
                <IconTicket size={20} /> Ver bono
              </a>
              {b.can_cancel && (
                <button
                  type="button"
                  className="pub-btn pub-btn-danger pub-btn-block"
                  onClick={() => {
                    setCancelError('');
                    dialog.current?.showModal();
                  }}
                >
                  Cancelar reserva
                </button>
              )}
            </div>
          </section>

          {editable && (
            <form
              className="bx-form"
              noValidate
              onSubmit={(e) => save(b.can_confirm, e)}
              aria-labelledby="bx-form-title"
            >
              <h2 id="bx-form-title">Tus datos</h2>
              <div className="pub-grid-2">
                <CustomerFields values={v} errors={errors} onChange={set} contactRequired={b.can_confirm} />
                <SelectField
                  id="language"
                  label="Idioma"
                  value={v.language}
                  onChange={(e) => set('language', e.target.value)}
                  error={errors.language}
                >
                  <option value="">—</option>
                  {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </SelectField>
              </div>

              {b.product.pickup_enabled && (
                <fieldset className="bx-fieldset">
                  <legend>Recogida</legend>
                  <PickupPicker
                    id="pickup"
                    options={pickups.data}
                    value={v.pickup}
                    onChange={(val) => set('pickup', val)}
                    error={errors.pickup}
                    meetingPoint={b.product.meeting_point}
                  />
                  {v.pickup && v.pickup !== MEETING_POINT && (
                    <TextField
                      id="room"
                      label="Habitación o apartamento"
                      maxLength={20}
                      value={v.room}
                      onChange={(e) => set('room', e.target.value)}
                      error={errors.room}
                    />
                  )}
                </fieldset>
              )}

              {passengers.length > 0 && (
                <fieldset className="bx-fieldset">
                  <legend>Pasajeros ({plural(passengers.length, 'persona', 'personas')})</legend>
                  <p className="pub-hint">El nombre de cada pasajero ayuda al guía a pasar lista. Es opcional.</p>
                  <ol className="bx-passengers">
                    {passengers.map((p, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: one row per seat, in a fixed order
                      <li key={i}>
                        <TextField
                          id={`passenger-${i}`}
                          label={`Pasajero ${i + 1} · ${paxTypeName(p.pax_type)}`}
                          value={p.full_name}
                          maxLength={150}
                          autoComplete="off"
                          onChange={(e) => {
                            const name = e.target.value;
                            setPassengers((rows) => rows.map((r, j) => (j === i ? { ...r, full_name: name } : r)));
                          }}
                          error={errors[`passenger-${i}`]}
                        />
                      </li>
                    ))}
                  </ol>
                </fieldset>
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
              />

              {b.can_confirm && (
                <TermsCheckbox
                  id="accept_terms"
                  checked={v.accept_terms}
                  onChange={(val) => set('accept_terms', val)}
                  error={errors.accept_terms}
                  operatorName={op.name}
                  terms={op.booking_terms}
                  cancellation={freeCancellationText(b.product.free_cancellation_hours)}
                />
              )}
              <FieldError id="form-error" error={errors.form} />

              <div className="bx-form-actions">
                {b.can_confirm ? (
                  <>
                    <button type="submit" className="pub-btn pub-btn-primary pub-btn-lg" disabled={!!busy}>
                      {busy === 'confirm' ? 'Confirmando…' : 'Confirmar reserva'}
                    </button>
                    <button
                      type="button"
                      className="pub-btn pub-btn-ghost"
                      disabled={!!busy}
                      onClick={() => save(false)}
                    >
                      {busy === 'save' ? 'Guardando…' : 'Guardar sin confirmar'}
                    </button>
                  </>
                ) : (
                  <button type="submit" className="pub-btn pub-btn-primary pub-btn-lg" disabled={!!busy}>
                    {busy === 'save' ? 'Guardando…' : 'Guardar cambios'}
                  </button>
                )}
              </div>
            </form>
          )}
        </div>
      </div>

      <dialog
        ref={dialog}
        className="pub-dialog"
        aria-labelledby="cancel-title"
        aria-describedby="cancel-desc"
        onClose={() => setReason('')}
      >
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            void doCancel();
          }}
        >
          <h2 id="cancel-title">Cancelar reserva</h2>
          <p id="cancel-desc">
            Vas a cancelar la reserva <strong>{b.locator}</strong> del {formatDateLong(b.date)} a las {b.time}.
            {cancelUntil && ` La cancelación es gratuita hasta el ${cancelUntil}.`} Esta acción no se puede deshacer.
          </p>
          <TextArea
            id="cancel_reason"
            label="Motivo de la cancelación"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {cancelError && (
            <p className="pub-error" role="alert">
              {cancelError}
            </p>
          )}
          <div className="pub-dialog-actions">
            <button type="button" className="pub-btn pub-btn-ghost" onClick={() => dialog.current?.close()}>
              Volver
            </button>
            <button type="submit" className="pub-btn pub-btn-danger" disabled={busy === 'cancel'}>
              {busy === 'cancel' ? 'Cancelando…' : 'Sí, cancelar la reserva'}
            </button>
          </div>
        </form>
      </dialog>
    </Shell>
  );
}

/** `passengers.N.full_name` of the sent (non-empty) rows → the form row it came from. */
function remapPassengerErrors(errors: Record<string, string[]>, rows: Passenger[]): Record<string, string[]> {
  const sentIndex = rows.map((r, i) => (r.full_name.trim() ? i : -1)).filter((i) => i >= 0);
  const out: Record<string, string[]> = {};
  for (const [k, msgs] of Object.entries(errors)) {
    const m = /^passengers\.(\d+)/.exec(k);
    if (m) out[`passenger-${sentIndex[Number(m[1])] ?? 0}`] = msgs;
    else out[k] = msgs;
  }
  return out;
}
