import { ANSWER_MAX } from '@trayecto/shared/questions';
import { t } from '../i18n';
import { passengerLabel } from '../lib/answer-text';
import type { TAnswerSlot, TAnswerValues } from '../lib/answers';
import type { TFieldErrors } from '../lib/validation';
import { RadioGroupField, SelectField, TextField } from './fields';
import './question-fields.css';

/** A choice with this many options or fewer is radio buttons; a longer one a list. */
const RADIO_OPTIONS_MAX = 4;

type Props = {
  /** The slots to answer (lib/answers.ts answerSlots): the booking's, then each passenger's. */
  slots: TAnswerSlot[];
  values: TAnswerValues;
  errors: TFieldErrors;
  onChange: (slot: TAnswerSlot, value: string) => void;
};

/**
 * The product's booking questions (issue 33 item 3, ADR 024): the booking's once, then a group per
 * passenger («Pasajero 1 · Adulto») with theirs; an input per kind, its label, help and required
 * mark in the page's language, and the error at the field.
 */
export function QuestionFields({ slots, values, errors, onChange }: Props) {
  const forBooking = slots.filter((s) => s.passenger == null);
  const passengers: { n: number; slots: TAnswerSlot[] }[] = [];
  for (const s of slots) {
    if (s.passenger == null) continue;
    const last = passengers.at(-1);
    if (last?.n === s.passenger) last.slots.push(s);
    else passengers.push({ n: s.passenger, slots: [s] });
  }
  const field = (s: TAnswerSlot) => (
    <QuestionField key={s.field} slot={s} value={values[s.key] ?? ''} error={errors[s.field]} onChange={onChange} />
  );
  return (
    <div className="pub-questions">
      {forBooking.length > 0 && <div className="pub-questions-list">{forBooking.map(field)}</div>}
      {passengers.map((p) => (
        <fieldset key={p.n} className="pub-questions-pax">
          <legend>{passengerLabel(p.n, p.slots[0].type ?? undefined)}</legend>
          <div className="pub-questions-list">{p.slots.map(field)}</div>
        </fieldset>
      ))}
    </div>
  );
}

function QuestionField({
  slot,
  value,
  error,
  onChange,
}: {
  slot: TAnswerSlot;
  value: string;
  error?: string;
  onChange: Props['onChange'];
}) {
  const q = slot.question;
  const common = { id: slot.field, label: q.label, hint: q.help || undefined, required: q.required, error };
  const words = t().common.questions;
  switch (q.kind) {
    case 'yes_no':
      return (
        <RadioGroupField
          {...common}
          options={[
            { value: 'yes', label: words.yes },
            { value: 'no', label: words.no },
          ]}
          value={value}
          onChange={(v) => onChange(slot, v)}
        />
      );
    case 'choice':
      return q.options.length <= RADIO_OPTIONS_MAX ? (
        <RadioGroupField {...common} options={q.options} value={value} onChange={(v) => onChange(slot, v)} />
      ) : (
        <SelectField
          {...common}
          value={value}
          aria-required={q.required || undefined}
          onChange={(e) => onChange(slot, e.currentTarget.value)}
        >
          <option value="">{words.choose}</option>
          {q.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      );
    default:
      return (
        <TextField
          {...common}
          type={q.kind === 'date' ? 'date' : 'text'}
          inputMode={q.kind === 'number' ? 'decimal' : undefined}
          maxLength={ANSWER_MAX}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(slot, e.currentTarget.value)}
        />
      );
  }
}
