import { PAX_TYPE_NAMES, type TPaxType } from '@trayecto/shared/catalog';
import { formatAges, formatCents } from '../lib/format';
import { IconMinus, IconPlus } from './icons';
import './pax-stepper.css';

/** Spanish plural of a passenger type, for button labels: "Añadir adultos". */
export const PAX_TYPE_PLURALS: Record<TPaxType, string> = {
  adult: 'adultos',
  child: 'niños',
  infant: 'bebés',
  senior: 'seniors',
};

export type TStepperPrice = {
  pax_type: string;
  amount_cents: number;
  min_age: number | null;
  max_age: number | null;
  occupies_seat: boolean;
};

/** One row per tariff: name, ages, unit price and − count + buttons (48 px tap targets). */
export function PaxStepper({
  price,
  value,
  onChange,
  canAdd,
  currency,
}: {
  price: TStepperPrice;
  value: number;
  onChange: (n: number) => void;
  canAdd: boolean;
  currency: string;
}) {
  const type = price.pax_type as TPaxType;
  const name = PAX_TYPE_NAMES[type] ?? type;
  const many = PAX_TYPE_PLURALS[type] ?? type;
  const ages = formatAges(price.min_age, price.max_age);
  const id = `pax-${type}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend cannot sit in this grid layout
    <div className="pub-pax" role="group" aria-labelledby={`${id}-name`}>
      <div className="pub-pax-info">
        <span className="pub-pax-name" id={`${id}-name`}>
          {name}
        </span>
        <span className="pub-pax-meta">
          {[ages, price.occupies_seat ? '' : 'sin asiento'].filter(Boolean).join(' · ')}
        </span>
      </div>
      <span className="pub-pax-price">
        {price.amount_cents === 0 ? 'Gratis' : formatCents(price.amount_cents, currency)}
      </span>
      <div className="pub-stepper">
        <button
          type="button"
          className="pub-stepper-btn"
          aria-label={`Quitar ${many}`}
          disabled={value <= 0}
          onClick={() => onChange(Math.max(0, value - 1))}
        >
          <IconMinus />
        </button>
        <output className="pub-stepper-value" id={id} aria-live="polite" aria-label={`${name}: ${value}`}>
          {value}
        </output>
        <button
          type="button"
          className="pub-stepper-btn"
          aria-label={`Añadir ${many}`}
          disabled={!canAdd}
          onClick={() => onChange(value + 1)}
        >
          <IconPlus />
        </button>
      </div>
    </div>
  );
}
