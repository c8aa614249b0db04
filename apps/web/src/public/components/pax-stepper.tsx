import { t } from '../i18n';
import { formatAges, formatCents } from '../lib/format';
import { Static } from '../lib/hydration';
import { paxTypeName, paxTypePlural } from '../lib/names';
import { IconMinus, IconPlus } from './icons';
import './pax-stepper.css';

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
  const type = price.pax_type;
  const name = paxTypeName(type);
  const many = paxTypePlural(type);
  const text = t().common;
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
          {[ages, price.occupies_seat ? '' : text.pax.noSeat].filter(Boolean).join(' · ')}
        </span>
      </div>
      {/* The server's price is kept while the page is taken over (no format, so no locale data, then). */}
      <Static as="span" className="pub-pax-price" watch={[price.amount_cents, currency]}>
        <UnitPrice cents={price.amount_cents} currency={currency} />
      </Static>
      <div className="pub-stepper">
        <button
          type="button"
          className="pub-stepper-btn"
          aria-label={text.pax.remove(many)}
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
          aria-label={text.pax.add(many)}
          disabled={!canAdd}
          onClick={() => onChange(value + 1)}
        >
          <IconPlus />
        </button>
      </div>
    </div>
  );
}

/** A tariff's unit price, or "Gratis" (a component: formatted only when rendered). */
function UnitPrice({ cents, currency }: { cents: number; currency: string }) {
  return <>{cents === 0 ? t().common.amounts.free : formatCents(cents, currency)}</>;
}
