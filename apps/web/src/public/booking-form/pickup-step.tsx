import { TextField } from '../components/fields';
import { PickupPicker } from '../components/pickup-picker';
import { t } from '../i18n';
import { contentLang } from '../lib/content';
import { MEETING_POINT } from '../lib/validation';
import { BookingStep } from './booking-step';
import type { TBookingForm } from './use-booking-form';

/** Step 4 of a tour with pickup: the hotel (with its pickup time) or the meeting point, and the room. */
export function PickupStep({ form: f, n }: { form: TBookingForm; n: number }) {
  const { values: v, errors, product } = f;
  const text = t();
  return (
    <BookingStep id="step-pickup" n={n} title={text.booking.steps.pickup}>
      <PickupPicker
        id="pickup"
        options={f.pickups}
        value={v.pickup}
        onChange={(val) => f.set('pickup', val)}
        error={errors.pickup}
        meetingPoint={product.meeting_point}
        meetingPointLang={contentLang(product.content_locales, 'meeting_point')}
        notes={product.pickup_notes}
        notesLang={contentLang(product.content_locales, 'pickup_notes')}
        disabled={!v.time}
      />
      {v.pickup && v.pickup !== MEETING_POINT && (
        <TextField
          id="room"
          label={text.common.fields.room}
          value={v.room}
          maxLength={20}
          autoComplete="off"
          onChange={(e) => f.set('room', e.target.value)}
          error={errors.room}
          className="bk-room"
        />
      )}
    </BookingStep>
  );
}
