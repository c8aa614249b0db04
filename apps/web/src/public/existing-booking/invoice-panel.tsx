import type { TInvoiceResponse, TInvoiceType, TPublicBooking } from '@trayecto/shared';
import { customerTaxIdProblem } from '@trayecto/shared/tax-id';
import { type FormEvent, useEffect, useState } from 'react';
import { localCountryGroups } from '../components/customer-fields';
import { FieldError, SelectField, TextField } from '../components/fields';
import { IconDownload } from '../components/icons';
import { t } from '../i18n';
import { getInvoices, invoicePdfUrl, PublicApiError, requestInvoice } from '../lib/api';
import { formatCents, formatDay } from '../lib/format';
import { useResource } from '../lib/resource';
import './invoice-panel.css';
import { Later } from '../lib/hydration';

type TValues = { name: string; tax_id: string; address: string; postcode: string; city: string; country: string };
type TErrors = Partial<Record<keyof TValues | 'form', string>>;
const FIELDS: (keyof TValues)[] = ['name', 'tax_id', 'address', 'postcode', 'city', 'country'];

const kindOf = (type: TInvoiceType): 'simplified' | 'full' | 'corrective' =>
  type === 'F2' ? 'simplified' : type === 'R1' || type === 'R5' ? 'corrective' : 'full';

/** The form's own check, in the page's language: what the API asks (ZInvoiceCustomer) without zod. */
export function checkInvoiceCustomer(v: TValues): TErrors {
  const tx = t().invoice;
  const errors: TErrors = {};
  for (const f of ['name', 'tax_id', 'address', 'country'] as const) if (!v[f].trim()) errors[f] = tx.required;
  if (!errors.tax_id && v.country && customerTaxIdProblem(v.tax_id, v.country)) errors.tax_id = tx.taxIdInvalid;
  return errors;
}

/** The server's 422 (`customer.tax_id`…) onto the form's fields; the rest above the button. */
function serverErrors(error: PublicApiError): TErrors {
  const out: TErrors = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = key.replace(/^customer[./]/, '') as keyof TValues;
    const msg = messages?.[0];
    if (!msg) continue;
    if (FIELDS.includes(field)) out[field] ??= msg;
    else out.form ??= msg;
  }
  if (Object.keys(out).length === 0) out.form = error.message;
  return out;
}

/** One invoice to download: its kind, number, date and amount. */
function InvoiceLink({ bookingId, invoice }: { bookingId: string; invoice: TInvoiceResponse }) {
  const tx = t().invoice;
  const name = `${tx.kinds[kindOf(invoice.type)]} ${invoice.code}`;
  return (
    <li className="inv-item">
      <a
        className="inv-link"
        href={invoicePdfUrl(bookingId, invoice.id)}
        download={`${invoice.code}.pdf`}
        data-testid="invoice-link"
      >
        <IconDownload size={20} />
        <span>
          <span className="pub-sr-only">{tx.downloadPdf}: </span>
          <strong>{name}</strong>
          <span className="inv-meta">
            {formatDay(invoice.issue_date)} · {formatCents(invoice.total_cents, invoice.currency)}
          </span>
        </span>
      </a>
    </li>
  );
}

function FullInvoiceForm({
  booking: b,
  onIssued,
  onClose,
}: {
  booking: TPublicBooking;
  onIssued: (invoice: TInvoiceResponse) => void;
  onClose: () => void;
}) {
  const tx = t().invoice;
  const { fields } = t().common;
  const countries = localCountryGroups();
  const [values, setValues] = useState<TValues>({
    name: b.customer_name,
    tax_id: '',
    address: '',
    postcode: '',
    city: '',
    country: b.customer_country || 'ES',
  });
  const [errors, setErrors] = useState<TErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof TValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field] || errors.form) setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = checkInvoiceCustomer(values);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`inv-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const customer = {
        name: values.name.trim(),
        tax_id: values.tax_id.trim(),
        address: values.address.trim(),
        postcode: values.postcode.trim(),
        city: values.city.trim(),
        country: values.country,
      };
      onIssued(await requestInvoice(b.id, { kind: 'full', customer }));
    } catch (err) {
      const error = err instanceof PublicApiError ? err : new PublicApiError(0, String(err));
      const next = serverErrors(error);
      setErrors(next);
      const field = FIELDS.find((f) => next[f]);
      if (field) document.getElementById(`inv-${field}`)?.focus();
    } finally {
      setBusy(false);
    }
  }

  const field = (
    name: Exclude<keyof TValues, 'country'>,
    props: { required?: boolean; autoComplete?: string; maxLength: number; hint?: string },
  ) => (
    <TextField
      id={`inv-${name}`}
      label={tx.fields[name === 'tax_id' ? 'taxId' : name]}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      error={errors[name]}
      {...props}
    />
  );

  return (
    <form className="inv-form" noValidate onSubmit={submit} aria-labelledby="inv-form-title">
      <h3 id="inv-form-title">{tx.needFull}</h3>
      <p className="pub-hint">{tx.fullIntro}</p>
      <div className="inv-fields">
        {field('name', { required: true, autoComplete: 'organization', maxLength: 120 })}
        {field('tax_id', { required: true, autoComplete: 'off', maxLength: 30, hint: tx.fields.taxIdHint })}
        <SelectField
          id="inv-country"
          label={fields.country}
          required
          autoComplete="country"
          value={values.country}
          onChange={(e) => set('country', e.target.value)}
          error={errors.country}
        >
          <option value="">—</option>
          <optgroup label={fields.countriesMain}>
            {countries.main.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </optgroup>
          <optgroup label={fields.countriesAll}>
            {countries.others.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </optgroup>
        </SelectField>
        {field('address', { required: true, autoComplete: 'street-address', maxLength: 200 })}
        {field('postcode', { autoComplete: 'postal-code', maxLength: 20 })}
        {field('city', { autoComplete: 'address-level2', maxLength: 80 })}
      </div>
      <FieldError id="inv-form-error" error={errors.form} />
      <div className="inv-actions">
        <button type="submit" className="pub-btn pub-btn-primary" disabled={busy}>
          {busy ? tx.submitting : tx.submit}
        </button>
        <button type="button" className="pub-btn pub-btn-ghost" disabled={busy} onClick={onClose}>
          {tx.close}
        </button>
      </div>
    </form>
  );
}

/**
 * «Factura» on the customer's booking page (issue 34): once the booking is paid, the simplified
 * invoice to download (issued on the first click), «Necesito factura completa» with their tax data
 * for a full one (it replaces the simplified one), and any corrective invoice of a refund. A
 * booking that is not paid shows nothing: there is nothing to invoice yet.
 */
export function InvoicePanel({ booking: b }: { booking: TPublicBooking }) {
  const tx = t().invoice;
  const paid = b.payment_state === 'paid';
  const shown = paid || b.payment_state === 'refunded';
  const list = useResource(shown ? `invoices:${b.id}` : null, () => getInvoices(b.id));
  const invoices = list.data ?? [];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [issued, setIssued] = useState<TInvoiceResponse | null>(null);
  const hasInvoice = invoices.some((i) => i.type === 'F2' || i.type === 'F1' || i.type === 'F3');
  const hasFull = invoices.some((i) => i.type === 'F1' || i.type === 'F3');

  useEffect(() => {
    if (issued) document.getElementById('inv-issued')?.focus();
  }, [issued]);

  if (!shown || (!paid && invoices.length === 0)) return null;

  async function downloadSimplified() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const invoice = await requestInvoice(b.id, {});
      list.set([...invoices.filter((i) => i.id !== invoice.id), invoice]);
      window.location.assign(invoicePdfUrl(b.id, invoice.id));
    } catch (err) {
      setError(err instanceof PublicApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  // The full invoice replaces the simplified one: the list shows what the customer may hand in.
  const visible = hasFull ? invoices.filter((i) => i.type !== 'F2') : invoices;

  return (
    // Taken over at the first input, or once the invoices arrive or the booking changes (lib/hydration.tsx).
    <Later
      as="section"
      className="inv-panel"
      aria-labelledby="inv-title"
      data-testid="invoice-panel"
      firstInput
      watch={[b, list.data, list.loading, list.error]}
    >
      <h2 id="inv-title">{tx.title}</h2>
      {issued && (
        <div className="pub-alert pub-alert-success" role="status" tabIndex={-1} id="inv-issued">
          <p className="pub-alert-title">{tx.issuedTitle}</p>
          <p>{tx.issuedText(issued.code)}</p>
        </div>
      )}
      {visible.length > 0 ? (
        <ul className="inv-list">
          {visible.map((i) => (
            <InvoiceLink key={i.id} bookingId={b.id} invoice={i} />
          ))}
        </ul>
      ) : (
        <p className="pub-hint">{tx.intro}</p>
      )}
      {error && (
        <div className="pub-alert pub-alert-error" role="alert">
          <p className="pub-alert-title">{tx.failed}</p>
          <p>{error}</p>
        </div>
      )}
      {paid && !hasInvoice && !list.loading && (
        <button
          type="button"
          className="pub-btn pub-btn-secondary pub-btn-block"
          onClick={downloadSimplified}
          disabled={busy || list.loading}
        >
          <IconDownload size={20} /> {busy ? tx.preparing : tx.download}
        </button>
      )}
      {paid && !hasFull && !formOpen && (
        <button type="button" className="pub-btn pub-btn-ghost pub-btn-block" onClick={() => setFormOpen(true)}>
          {tx.needFull}
        </button>
      )}
      {paid && !hasFull && formOpen && (
        <FullInvoiceForm
          booking={b}
          onClose={() => setFormOpen(false)}
          onIssued={(invoice) => {
            list.set([...invoices.filter((i) => i.id !== invoice.id), invoice]);
            setFormOpen(false);
            setIssued(invoice);
          }}
        />
      )}
    </Later>
  );
}
