import { Alert, Button, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconCircleCheck, IconLink, IconMail, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { absoluteUrl, CopyLinkField } from '../../../components/copy-link-field';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { EURO_INPUT } from '../../../components/euro-input';
import { REQUIRED_FIELD, REQUIRED_PICKER } from '../../../components/required-field';
import { mapServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useTimes } from '../../../lib/time-zone';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { openBlankTab, sendTabTo } from '../../messages';
import { useCreatePaymentLink } from '../api/create-payment-link';
import type { TLinkChannel, TPaymentLinkCreateRequest, TPaymentLinkResponse } from '../api/payments-contract';
import { hasPhone } from '../utils/booking-contact';
import { formatMoney } from '../utils/booking-format';
import { LINK_EXPIRY_OPTIONS } from '../utils/online-payments';
import { eurosToCents } from './booking-form-values';

export type TLinkFormValues = { amount: number | ''; channel: TLinkChannel; expires_in_hours: string };

/** The body sent: the amount only when it is not the whole pending amount (the API's default). */
export function toLinkPayload(v: TLinkFormValues, pendingCents: number): TPaymentLinkCreateRequest {
  const cents = v.amount === '' ? pendingCents : eurosToCents(v.amount);
  return {
    channel: v.channel,
    expires_in_hours: Number(v.expires_in_hours),
    ...(cents !== pendingCents ? { amount_cents: cents } : {}),
  };
}

export function validateLink(
  v: TLinkFormValues,
  ctx: { pendingCents: number; hasEmail: boolean; hasPhone: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const cents = v.amount === '' ? 0 : eurosToCents(v.amount);
  if (cents <= 0) errors.amount = 'Indica el importe';
  else if (cents > ctx.pendingCents) errors.amount = `No puede superar lo pendiente (${formatMoney(ctx.pendingCents)})`;
  if (v.channel === 'email' && !ctx.hasEmail) errors.channel = 'La reserva no tiene correo del cliente';
  if (v.channel === 'whatsapp' && !ctx.hasPhone) errors.channel = 'La reserva no tiene teléfono del cliente';
  return errors;
}

/**
 * "Enviar enlace de pago" (issue 32 item 4): the amount (by default all that is pending), how it
 * reaches the customer (e-mail in the booking's language, a WhatsApp chat with the text written,
 * or only the link to copy) and how long it lasts (never past the departure). Then the link, to
 * copy, and WhatsApp opened.
 */
export function PaymentLinkModal({
  bookingId,
  opened,
  onClose,
  pendingCents,
  currency,
  customerEmail,
  customerPhone,
  timeZone,
}: {
  bookingId: string;
  opened: boolean;
  onClose: () => void;
  pendingCents: number;
  currency: string;
  customerEmail: string;
  customerPhone: string;
  timeZone?: string;
}) {
  const mutation = useCreatePaymentLink(bookingId);
  const times = useTimes(timeZone);
  const canEmail = Boolean(customerEmail.trim());
  const canWhatsapp = hasPhone(customerPhone);
  const initial = (): TLinkFormValues => ({
    amount: pendingCents > 0 ? pendingCents / 100 : '',
    channel: canEmail ? 'email' : canWhatsapp ? 'whatsapp' : 'none',
    expires_in_hours: '72',
  });
  const [values, setValues] = useState<TLinkFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<TPaymentLinkResponse | null>(null);
  const invalid = useFocusFirstInvalid<HTMLFormElement>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh values each time it opens
  useEffect(() => {
    if (!opened) return;
    setValues(initial());
    setErrors({});
    setServerError(null);
    setCreated(null);
    mutation.reset();
  }, [opened]);

  const set = <K extends keyof TLinkFormValues>(key: K, value: TLinkFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }));
  };

  const save = () => {
    if (mutation.isPending) return;
    const found = validateLink(values, { pendingCents, hasEmail: canEmail, hasPhone: canWhatsapp });
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      invalid.focusFirstInvalid();
      return;
    }
    setServerError(null);
    // WhatsApp: a blank tab inside the click (no popup blocker), sent to the chat once it is known.
    const tab = values.channel === 'whatsapp' ? openBlankTab() : null;
    mutation.mutate(toLinkPayload(values, pendingCents), {
      onSuccess: (link) => {
        setCreated(link);
        if (tab && !tab.closed) {
          if (link.whatsapp_url) sendTabTo(tab, link.whatsapp_url);
          else tab.close();
        }
        notifySuccess(
          'Enlace de pago creado',
          `${formatMoney(link.amount_cents, currency)} · ${
            link.channel === 'email'
              ? 'enviado por correo'
              : link.channel === 'whatsapp'
                ? 'chat de WhatsApp abierto'
                : 'listo para copiar'
          }`,
        );
      },
      onError: (error) => {
        tab?.close();
        if (error.status === 401) return;
        const { fields, rest } = mapServerErrors(error.fieldErrors, ['amount', 'channel', 'expires_in_hours'], {
          amount_cents: 'amount',
        });
        setErrors(fields);
        setServerError(rest.length ? rest.join(' ') : Object.keys(fields).length ? null : error.message);
        invalid.focusFirstInvalid();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} centered title="Enviar enlace de pago" size="lg">
      {created ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Enlace creado">
            {formatMoney(created.amount_cents, currency)} · caduca el {times.dateTime(created.expires_at)}
            {times.showZone ? ` (${times.zoneName})` : ''}.{' '}
            {created.channel === 'email'
              ? `Se envía por correo a ${customerEmail}.`
              : created.channel === 'whatsapp'
                ? 'Se ha abierto el chat de WhatsApp con el mensaje escrito.'
                : 'Cópialo y envíaselo al cliente.'}
          </Alert>
          <CopyLinkField
            label="Enlace de pago"
            description="La página de la reserva, donde el cliente ve lo que debe y paga."
            url={absoluteUrl(created.url)}
          />
          <Group justify="flex-end" gap="sm">
            {created.whatsapp_url ? (
              <Button
                component="a"
                href={created.whatsapp_url}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                leftSection={<IconBrandWhatsapp size={18} color="var(--mantine-color-green-8)" aria-hidden />}
              >
                Abrir WhatsApp
              </Button>
            ) : null}
            <Button onClick={onClose} data-autofocus>
              Hecho
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          ref={invalid.ref}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Pendiente de pago: {formatMoney(pendingCents, currency)}. El cliente paga en la página de su reserva con
              el proveedor del tour operador.
            </Text>
            <DialogServerError message={serverError} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                label="Importe"
                description="Por defecto, todo lo pendiente."
                {...REQUIRED_FIELD}
                {...EURO_INPUT}
                max={pendingCents / 100}
                value={values.amount}
                onChange={(v) => set('amount', v === '' ? '' : Number(v))}
                error={errors.amount}
                data-autofocus
              />
              <Select
                label="Caduca en"
                description="Nunca después del inicio de la salida."
                data={LINK_EXPIRY_OPTIONS}
                value={values.expires_in_hours}
                onChange={(v) => set('expires_in_hours', v ?? '72')}
                allowDeselect={false}
                error={errors.expires_in_hours}
              />
            </SimpleGrid>
            <Radio.Group
              label="Cómo se envía"
              value={values.channel}
              onChange={(v) => set('channel', v as TLinkChannel)}
              error={errors.channel}
              {...REQUIRED_PICKER}
            >
              <Stack gap="xs" mt={6}>
                <Radio
                  value="email"
                  disabled={!canEmail}
                  label={
                    <Group gap={6} component="span">
                      <IconMail size={16} aria-hidden /> Correo electrónico
                    </Group>
                  }
                  description={
                    canEmail ? `A ${customerEmail}, en el idioma de la reserva.` : 'La reserva no tiene correo.'
                  }
                />
                <Radio
                  value="whatsapp"
                  disabled={!canWhatsapp}
                  label={
                    <Group gap={6} component="span">
                      <IconBrandWhatsapp size={16} aria-hidden /> WhatsApp
                    </Group>
                  }
                  description={
                    canWhatsapp
                      ? `Abre un chat con ${customerPhone} con el mensaje escrito.`
                      : 'La reserva no tiene teléfono.'
                  }
                />
                <Radio
                  value="none"
                  label={
                    <Group gap={6} component="span">
                      <IconLink size={16} aria-hidden /> Solo copiar el enlace
                    </Group>
                  }
                  description="Se crea el enlace y lo envías tú."
                />
              </Stack>
            </Radio.Group>
            <DialogActions
              pending={mutation.isPending}
              onCancel={onClose}
              submitLabel={values.channel === 'none' ? 'Crear enlace' : 'Enviar enlace'}
              submitIcon={<IconSend size={18} aria-hidden />}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
