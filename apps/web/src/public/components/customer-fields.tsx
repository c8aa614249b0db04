import { COUNTRY_CODES, countryGroups } from '@trayecto/shared/countries';
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

/** Name, e-mail, phone and country of the customer: the same fields on every public booking form. */
export function CustomerFields({ values: v, errors, onChange, contactRequired, withHints = false }: Props) {
  const countries = countryGroups();
  return (
    <>
      <TextField
        id="customer_name"
        label="Nombre y apellidos"
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
        label="Correo electrónico"
        type="email"
        inputMode="email"
        required={contactRequired}
        autoComplete="email"
        maxLength={254}
        value={v.customer_email}
        onChange={(e) => onChange('customer_email', e.target.value)}
        error={errors.customer_email}
        hint={withHints ? 'Te enviaremos el bono a esta dirección.' : undefined}
      />
      <TextField
        id="customer_phone"
        label="Teléfono (móvil)"
        type="tel"
        required={contactRequired}
        autoComplete="tel"
        maxLength={40}
        value={v.customer_phone}
        onChange={(e) => onChange('customer_phone', e.target.value)}
        error={errors.customer_phone}
        hint={withHints ? 'Con prefijo si no es español, p. ej. +44.' : undefined}
      />
      <SelectField
        id="customer_country"
        label="País"
        autoComplete="country"
        value={v.customer_country}
        onChange={(e) => onChange('customer_country', e.target.value)}
        error={errors.customer_country}
      >
        <option value="">—</option>
        {v.customer_country && !isListed(v.customer_country) && (
          <option value={v.customer_country}>{v.customer_country}</option>
        )}
        <optgroup label="Habituales">
          {countries.main.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </optgroup>
        <optgroup label="Todos los países">
          {countries.others.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </optgroup>
      </SelectField>
    </>
  );
}
