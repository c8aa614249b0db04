import type { TPublicAccommodation, TPublicBooking } from '@trayecto/shared';
import { LANGUAGES } from '@trayecto/shared/catalog';
import { paxTypeName } from '../components/booking-bits';
import { CustomerFields } from '../components/customer-fields';
import { FieldError, SelectField, TermsCheckbox, TextArea, TextField } from '../components/fields';
import { PickupPicker } from '../components/pickup-picker';
import { QuestionFields } from '../components/question-fields';
import { t } from '../i18n';
import { freeCancellationText, languageName } from '../lib/format';
import { Later } from '../lib/hydration';
import { MEETING_POINT } from '../lib/validation';
import type { TExistingBooking } from './use-existing-booking';

/**
 * The customer's data on their booking: contact, language (named in the page's language), pickup,
 * passengers' names, the answers to the product's questions (ADR 024) and notes; "Confirmar reserva" (with the terms) when staff prepared it for them,
 * else "Guardar cambios".
 */
export function CustomerForm({ booking: f }: { booking: TExistingBooking }) {
  const { booking: b, values: v, errors, busy, set } = f;
  const tx = t().existing;
  const { fields, labels } = t().common;
  return (
    <form className="bx-form" noValidate onSubmit={(e) => f.save(b.can_confirm, e)} aria-labelledby="bx-form-title">
      <h2 id="bx-form-title">{labels.yourDetails}</h2>
      {/* Each part taken over at the first input, or when what it shows changes (lib/hydration.tsx);
          their content is a component of its own, so that nothing of it (the languages' names
          through Intl) runs before then. */}
      <Later as="div" className="pub-grid-2" firstInput watch={[b, v, errors]}>
        <ContactPart booking={f} />
      </Later>

      {b.product.pickup_enabled && (
        // Not `f.pickups`: the list's arrival changes nothing shown (the booked place is known).
        <Later as="fieldset" className="bx-fieldset" firstInput watch={[b, v, errors]}>
          <PickupPart booking={f} />
        </Later>
      )}

      {f.passengers.length > 0 && (
        <Later as="fieldset" className="bx-fieldset" firstInput watch={[b, f.passengers, errors]}>
          <PassengersPart booking={f} />
        </Later>
      )}

      {f.slots.length > 0 && (
        <Later
          as="fieldset"
          className="bx-fieldset"
          data-testid="booking-questions"
          firstInput
          watch={[b, f.answers, errors]}
        >
          <legend>{t().common.questions.title}</legend>
          <QuestionFields slots={f.slots} values={f.answers} errors={errors} onChange={f.setAnswer} />
        </Later>
      )}

      <TextArea
        id="notes"
        label={fields.notes}
        rows={3}
        maxLength={1000}
        value={v.notes}
        onChange={(e) => set('notes', e.target.value)}
        error={errors.notes}
        hint={fields.notesHint}
      />

      {b.can_confirm && (
        <TermsCheckbox
          id="accept_terms"
          checked={v.accept_terms}
          onChange={(val) => set('accept_terms', val)}
          error={errors.accept_terms}
          operatorName={b.tour_operator.name}
          terms={b.booking_terms}
          cancellation={freeCancellationText(b.product.free_cancellation_hours)}
        />
      )}
      <FieldError id="form-error" error={errors.form} />

      <div className="bx-form-actions">
        {b.can_confirm ? (
          <>
            <button type="submit" className="pub-btn pub-btn-primary pub-btn-lg" disabled={!!busy}>
              {busy === 'confirm' ? tx.confirming : labels.confirmBooking}
            </button>
            <button type="button" className="pub-btn pub-btn-ghost" disabled={!!busy} onClick={() => f.save(false)}>
              {busy === 'save' ? tx.saving : tx.saveWithoutConfirming}
            </button>
          </>
        ) : (
          <button type="submit" className="pub-btn pub-btn-primary pub-btn-lg" disabled={!!busy}>
            {busy === 'save' ? tx.saving : tx.save}
          </button>
        )}
      </div>
    </form>
  );
}

function ContactPart({ booking: f }: { booking: TExistingBooking }) {
  const { booking: b, values: v, errors, set } = f;
  const tx = t().existing;
  const { fields } = t().common;
  return (
    <>
      <CustomerFields values={v} errors={errors} onChange={set} contactRequired={b.can_confirm} />
      <SelectField
        id="language"
        label={fields.language}
        hint={tx.languageHint}
        value={v.language}
        onChange={(e) => set('language', e.target.value)}
        error={errors.language}
      >
        <option value="">—</option>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** The booking's own pickup place as the list would give it (what the picker shows before the list arrives). */
export function bookedPlace(b: TPublicBooking): TPublicAccommodation | null {
  const a = b.accommodation;
  if (!a) return null;
  return {
    id: a.id,
    name: a.name,
    type: '',
    zone: a.zone,
    address: a.address,
    lat_lng: '',
    pickup_point: a.pickup_point,
    pickup_at: b.pickup_at,
    pickup_time: b.pickup_time,
  };
}

function PickupPart({ booking: f }: { booking: TExistingBooking }) {
  const { booking: b, values: v, errors, set } = f;
  const { fields, labels } = t().common;
  return (
    <>
      <legend>{labels.pickup}</legend>
      <PickupPicker
        id="pickup"
        options={f.pickups}
        value={v.pickup}
        onChange={(val) => set('pickup', val)}
        error={errors.pickup}
        meetingPoint={b.product.meeting_point}
        known={bookedPlace(b)}
      />
      {v.pickup && v.pickup !== MEETING_POINT && (
        <TextField
          id="room"
          label={fields.room}
          maxLength={20}
          value={v.room}
          onChange={(e) => set('room', e.target.value)}
          error={errors.room}
        />
      )}
    </>
  );
}

function PassengersPart({ booking: f }: { booking: TExistingBooking }) {
  const { errors } = f;
  const tx = t().existing;
  const { labels } = t().common;
  return (
    <>
      <legend>{tx.passengers(t().common.format.people(f.passengers.length))}</legend>
      <p className="pub-hint">{tx.passengersHint}</p>
      <ol className="bx-passengers">
        {f.passengers.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one row per seat, in a fixed order
          <li key={i}>
            <TextField
              id={`passenger-${i}`}
              label={labels.passenger(i + 1, paxTypeName(p.pax_type))}
              value={p.full_name}
              maxLength={150}
              autoComplete="off"
              onChange={(e) => f.setPassengerName(i, e.target.value)}
              error={errors[`passenger-${i}`]}
            />
          </li>
        ))}
      </ol>
    </>
  );
}
