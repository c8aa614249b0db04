import { CustomerFields } from '../components/customer-fields';
import { SelectField, TextArea } from '../components/fields';
import { t } from '../i18n';
import { languageName } from '../lib/format';
import { Later } from '../lib/hydration';
import { BookingStep } from './booking-step';
import type { TBookingForm } from './use-booking-form';

/**
 * The customer's name, contact, country, the tour's language and their notes. Its fields are taken
 * over at the first input (or when the values or errors they show change): the countries' and the
 * languages' names come from the runtime's locale data, which a page that only loads never needs
 * (issue 35, goal 6); they are the server's until then.
 */
export function CustomerStep({ form: f, n }: { form: TBookingForm; n: number }) {
  return (
    <BookingStep id="step-customer" n={n} title={t().booking.steps.customer}>
      <Later as="div" className="pub-grid-2" firstInput watch={[f.values, f.errors]}>
        <CustomerPart form={f} />
      </Later>
    </BookingStep>
  );
}

function CustomerPart({ form: f }: { form: TBookingForm }) {
  const { values: v, errors, product } = f;
  const text = t().common.fields;
  return (
    <>
      <CustomerFields values={v} errors={errors} onChange={f.set} contactRequired withHints />
      {product.languages.length > 0 && (
        <SelectField
          id="language"
          label={text.tourLanguage}
          value={v.language}
          onChange={(e) => f.set('language', e.target.value)}
          error={errors.language}
          required
        >
          <LanguageOptions codes={product.languages} />
        </SelectField>
      )}
      <TextArea
        id="notes"
        label={text.notes}
        rows={3}
        maxLength={1000}
        value={v.notes}
        onChange={(e) => f.set('notes', e.target.value)}
        error={errors.notes}
        hint={text.notesHint}
        className="pub-span-2"
      />
    </>
  );
}

/** The tour's languages, named in the page's language (a component: named when the step is taken over). */
function LanguageOptions({ codes }: { codes: readonly string[] }) {
  return (
    <>
      {codes.map((l) => (
        <option key={l} value={l}>
          {languageName(l)}
        </option>
      ))}
    </>
  );
}
