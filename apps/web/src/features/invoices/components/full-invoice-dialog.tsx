import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import {
  customerTaxIdProblem,
  INVOICE_ADDRESS_MAX,
  INVOICE_CUSTOMER_NAME_MAX,
  INVOICE_FIELD_LABELS,
  type TInvoiceCustomer,
  type TInvoiceResponse,
  ZInvoiceCustomer,
} from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { countryOptions } from '../../../lib/countries';
import { issuesToErrors, mapServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useIssueInvoice } from '../api/issue-invoice';

type TValues = { name: string; tax_id: string; address: string; postcode: string; city: string; country: string };
const FIELDS = ['name', 'tax_id', 'address', 'postcode', 'city', 'country'] as const;

const label = (f: (typeof FIELDS)[number]) => INVOICE_FIELD_LABELS[`customer.${f}`] ?? f;

/** The customer's answer's field errors (`customer.tax_id`) onto this form's fields (`tax_id`). */
function customerFieldErrors(fieldErrors: Record<string, string[]>) {
  const stripped: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(fieldErrors)) stripped[k.replace(/^customer[./]/, '')] = v;
  return mapServerErrors(stripped, FIELDS);
}

/**
 * «Emitir factura completa» of a booking: the customer's tax data (name or company name, NIF/NIE/CIF
 * or EU VAT number, address, postcode, city, country), checked with the shared validators
 * (ZInvoiceCustomer: the NIF's control letter, the VAT number's shape for its country). A booking
 * with a simplified invoice gets a full one that replaces it (F3). A refused one (here or by the
 * API naming a field) puts the focus on the first field in error.
 */
export function FullInvoiceDialog({
  bookingId,
  customerName,
  customerCountry,
  hasSimplified,
  opened,
  onClose,
  onIssued,
}: {
  bookingId: string;
  customerName: string;
  /** The booking's customer's country (ISO), the form's first guess; Spain without one. */
  customerCountry?: string;
  hasSimplified: boolean;
  opened: boolean;
  onClose: () => void;
  onIssued?: (invoice: TInvoiceResponse) => void;
}) {
  const mutation = useIssueInvoice();
  const empty: TValues = {
    name: customerName,
    tax_id: '',
    address: '',
    postcode: '',
    city: '',
    country: customerCountry || 'ES',
  };
  const [values, setValues] = useState<TValues>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid<HTMLFormElement>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (!opened) return;
    setValues(empty);
    setErrors({});
    setServerError(null);
    mutation.reset();
  }, [opened]);

  const set = (field: keyof TValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const submit = () => {
    if (mutation.isPending) return;
    setServerError(null);
    const parsed = ZInvoiceCustomer.safeParse(values);
    if (!parsed.success) {
      const found = issuesToErrors(parsed.error.issues);
      // zod checks the tax id against the country only once every field holds: say it at once.
      const taxIdProblem = values.tax_id.trim() ? customerTaxIdProblem(values.tax_id, values.country) : undefined;
      if (!found.tax_id && taxIdProblem) found.tax_id = taxIdProblem;
      setErrors(found);
      invalid.focusFirstInvalid();
      return;
    }
    const customer: TInvoiceCustomer = parsed.data;
    mutation.mutate(
      { bookingId, payload: { kind: 'full', customer } },
      {
        onSuccess: (invoice) => {
          notifySuccess('Factura completa emitida', invoice.code);
          onIssued?.(invoice);
          onClose();
        },
        onError: (error) => {
          if (error.status === 401) return;
          const { fields, rest } = customerFieldErrors(error.fieldErrors);
          setErrors(fields);
          setServerError(rest.length ? rest.join(' ') : Object.keys(fields).length ? null : error.message);
          invalid.focusFirstInvalid();
        },
      },
    );
  };

  const input = (field: Exclude<(typeof FIELDS)[number], 'country'>, props: Record<string, unknown> = {}) => (
    <TextInput
      label={label(field)}
      value={values[field]}
      error={errors[field] || undefined}
      onChange={(e) => set(field, e.currentTarget.value)}
      {...props}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} centered size="lg" title="Emitir factura completa">
      <form
        ref={invalid.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Con los datos fiscales del cliente, que salen en la factura.
            {hasSimplified ? ' Sustituye a la factura simplificada de la reserva (tipo F3).' : ''}
          </Text>
          <DialogServerError message={serverError} />
          {input('name', {
            ...REQUIRED_FIELD,
            maxLength: INVOICE_CUSTOMER_NAME_MAX,
            autoComplete: 'organization',
            'data-autofocus': true,
          })}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {input('tax_id', {
              ...REQUIRED_FIELD,
              maxLength: 30,
              autoComplete: 'off',
              description: 'NIF, NIE o CIF; de fuera de España, su NIF-IVA',
              spellCheck: false,
            })}
            <Select
              label={label('country')}
              {...REQUIRED_FIELD}
              searchable
              data={countryOptions()}
              value={values.country || null}
              error={errors.country || undefined}
              onChange={(v) => set('country', v ?? '')}
              nothingFoundMessage="Ningún país con ese nombre"
            />
          </SimpleGrid>
          {input('address', { ...REQUIRED_FIELD, maxLength: INVOICE_ADDRESS_MAX, autoComplete: 'street-address' })}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {input('postcode', { maxLength: 20, autoComplete: 'postal-code' })}
            {input('city', { maxLength: 80, autoComplete: 'address-level2' })}
          </SimpleGrid>
          <DialogActions
            pending={mutation.isPending}
            onCancel={onClose}
            submitLabel="Emitir factura"
            submitIcon={<IconFileInvoice size={16} aria-hidden />}
          />
        </Stack>
      </form>
    </Modal>
  );
}
