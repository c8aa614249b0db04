import { COUNTRY_CODES, MAIN_MARKETS } from '@trayecto/shared/countries';
import { useEffect, useState } from 'react';
import { localeTag, t } from '../i18n';
import { countryName } from '../lib/format';
import { onFirstInput } from '../lib/idle';
import type { TFieldErrors } from '../lib/validation';
import { SelectField, TextField } from './fields';

export type TCustomerValues = {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_country: string;
};

type Props = {
  values: TCustomerValues;
  errors: TFieldErrors;
  onChange: (field: keyof TCustomerValues, value: string) => void;
  /** E-mail and phone required (a new booking, or confirming one). */
  contactRequired: boolean;
  /** Explain what the e-mail and phone are for (new bookings). */
  withHints?: boolean;
};

const isListed = (code: string) => COUNTRY_CODES.includes(code);

type TCountry = { code: string; name: string };
const mainByLocale = new Map<string, TCountry[]>();
const othersByLocale = new Map<string, TCountry[]>();
const country = (code: string): TCountry => ({ code, name: countryName(code) });

/** The usual markets, in their order, named in the page's language. */
function mainCountries(): TCountry[] {
  const tag = localeTag();
  let main = mainByLocale.get(tag);
  if (!main) {
    main = MAIN_MARKETS.map(country);
    mainByLocale.set(tag, main);
  }
  return main;
}

/** Every other country, named in the page's language and sorted in it (~235 names: built when needed). */
function otherCountries(): TCountry[] {
  const tag = localeTag();
  let others = othersByLocale.get(tag);
  if (!others) {
    // One collator for the whole sort: `localeCompare(b, tag)` builds one per comparison (~2,000
    // here), the largest piece of the booking page's start-up on a slow phone (issue 23).
    const collator = new Intl.Collator(tag);
    others = COUNTRY_CODES.filter((c) => !MAIN_MARKETS.includes(c))
      .map(country)
      .sort((a, b) => collator.compare(a.name, b.name));
    othersByLocale.set(tag, others);
  }
  return others;
}

/**
 * The countries to offer, named in the page's language: the usual markets first, in their order,
 * then every other country alphabetically in that language.
 */
export function localCountryGroups(): { main: TCountry[]; others: TCountry[] } {
  return { main: mainCountries(), others: otherCountries() };
}

/** Name, e-mail, phone and country of the customer: the same fields on every public booking form. */
export function CustomerFields({ values: v, errors, onChange, contactRequired, withHints = false }: Props) {
  const main = mainCountries();
  // The ~235 other countries join the list when the customer starts using the page — a touch, a
  // click, a key or a focus (autofill, too, starts from a focused field) — not while it loads: the
  // server's HTML and the browser's first render have the usual markets and the chosen country
  // only. They were a third of the booking page's elements (issue 23), and naming and sorting
  // them a long task of their own after it loaded (issue 35).
  const [allCountries, setAllCountries] = useState(false);
  useEffect(() => onFirstInput(() => setAllCountries(true)), []);
  const chosenOther = v.customer_country && !MAIN_MARKETS.includes(v.customer_country) && isListed(v.customer_country);
  const others = allCountries ? otherCountries() : chosenOther ? [country(v.customer_country)] : [];
  const text = t().common.fields;
  return (
    <>
      <TextField
        id="customer_name"
        label={text.name}
        required
        autoComplete="name"
        maxLength={150}
        value={v.customer_name}
        onChange={(e) => onChange('customer_name', e.target.value)}
        error={errors.customer_name}
        className="pub-span-2"
      />
      <TextField
        id="customer_email"
        label={text.email}
        type="email"
        inputMode="email"
        required={contactRequired}
        autoComplete="email"
        maxLength={254}
        value={v.customer_email}
        onChange={(e) => onChange('customer_email', e.target.value)}
        error={errors.customer_email}
        hint={withHints ? text.emailHint : undefined}
      />
      <TextField
        id="customer_phone"
        label={text.phone}
        type="tel"
        required={contactRequired}
        autoComplete="tel"
        maxLength={40}
        value={v.customer_phone}
        onChange={(e) => onChange('customer_phone', e.target.value)}
        error={errors.customer_phone}
        hint={withHints ? text.phoneHint : undefined}
      />
      <SelectField
        id="customer_country"
        label={text.country}
        autoComplete="country"
        value={v.customer_country}
        onChange={(e) => onChange('customer_country', e.target.value)}
        error={errors.customer_country}
      >
        <option value="">—</option>
        {v.customer_country && !isListed(v.customer_country) && (
          <option value={v.customer_country}>{v.customer_country}</option>
        )}
        <optgroup label={text.countriesMain}>
          {main.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </optgroup>
        <optgroup label={text.countriesAll}>
          {others.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </optgroup>
      </SelectField>
    </>
  );
}
