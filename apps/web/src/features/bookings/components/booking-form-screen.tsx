import {
  Alert,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconBan,
  IconCalendarOff,
  IconCheck,
  IconInfoCircle,
  IconLock,
  IconRefresh,
  IconUserX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { pathTo, type TAvailabilitySlot, type TBookingResponse, type TPaxType } from '@trayecto/shared';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form-drawer';
import { FormSaveBar, FormSectionCard, revealField, scrollToSection } from '../../../components/form-page';
import { PageHeader } from '../../../components/page-header';
import { RecordBreadcrumbs, RecordLoadError } from '../../../components/record-page';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { getCurrentUser, getRoles } from '../../../lib/auth-storage';
import { formatDay, todayIso } from '../../../lib/dates';
import { firstErrorPath } from '../../../lib/form-errors';
import { plural } from '../../../lib/format';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import { AuditTrail } from '../../audit-log/components/audit-trail';
import { useCreateBooking } from '../api/create-booking';
import { bookingQueryOptions, useBooking } from '../api/get-booking';
import { useBookingProduct } from '../api/get-product';
import { useProductAvailability } from '../api/get-product-availability';
import { productSelectOptions, useProductOptions } from '../api/list-product-options';
import { useSellerOptions } from '../api/list-seller-options';
import { type TQuoteBody, useBookingQuote } from '../api/quote-booking';
import type { TAccommodationOption } from '../api/search-accommodations';
import { useUpdateBooking } from '../api/update-booking';
import { bookingAccess } from '../utils/booking-access';
import { gridRange, isIsoDate, monthOf, nowClock, slotStatus } from '../utils/booking-calendar';
import { conflictKind, mapBookingServerErrors } from '../utils/booking-errors';
import { formatMoney, netPaidCents } from '../utils/booking-format';
import { bookingStateActions, hasStarted, isBookingLocked, type TStateAction } from '../utils/state-actions';
import { BookingStateBadge, PaymentStateBadge } from './booking-badges';
import classes from './booking-form.module.css';
import { CustomerSection, PassengersSection, PickupSection, SaleSection } from './booking-form-sections';
import {
  computePickup,
  departureChanged,
  eurosToCents,
  initialBookingValues,
  localQuote,
  offeredPaxTypes,
  paxCount,
  paxPayload,
  syncPassengers,
  type TBookingFormMode,
  type TBookingFormValues,
  type TFormNumber,
  toBookingPayload,
  validateBookingForm,
} from './booking-form-values';
import { BookingHistory } from './booking-history';
import { BookingLinks } from './booking-links';
import { CancelBookingModal } from './cancel-booking-modal';
import { DeparturePicker, seatsFor, type TOwnSeats } from './departure-picker';
import { PaxSection } from './pax-section';
import { PaymentsPanel } from './payments-panel';
import { QuotePanel, quoteView, savedQuoteView } from './quote-panel';

const BOOKINGS_CRUMB = { label: 'Reservas', to: pathTo('bookingIndex') };

/** Sections in page order (the first error gets the focus). */
const SECTIONS = [
  { id: 'producto', title: 'Producto', fields: ['product_id'] },
  { id: 'salida', title: 'Fecha y hora', fields: ['date', 'time', 'override_cutoff'] },
  { id: 'pasajeros', title: 'Pasajeros', fields: ['pax'] },
  {
    id: 'cliente',
    title: 'Cliente',
    fields: ['customer_name', 'customer_email', 'customer_phone', 'customer_country', 'language'],
  },
  { id: 'recogida', title: 'Recogida', fields: ['accommodation_id', 'room', 'pickup_override', 'pickup_time'] },
  { id: 'nombres', title: 'Nombres de los pasajeros', fields: ['passengers'] },
  {
    id: 'venta',
    title: 'Venta y notas',
    fields: ['seller_id', 'channel', 'discount', 'discount_reason', 'notes', 'internal_notes'],
  },
] as const;
const FIELD_ORDER = SECTIONS.flatMap((s) => s.fields as readonly string[]);
const sectionOf = (path: string) => {
  const top = path.split('.')[0] ?? path;
  return SECTIONS.find((s) => (s.fields as readonly string[]).includes(top))?.id;
};

type TConflict = { kind: 'no_seats' | 'stale' | 'other'; message: string; detail?: string } | null;

function currentUser(): { id: string; name: string } | null {
  try {
    const u = getCurrentUser();
    return { id: u.id, name: u.name };
  } catch {
    return null;
  }
}

/** /booking/create (levels 0–3): a new booking, step by step, with seats and prices live. */
export function BookingCreateScreen() {
  return <BookingForm mode="create" booking={null} />;
}

/** /booking/edit/{id}: the booking, its state changes, payments, links and history. */
export function BookingEditScreen() {
  const { id = '' } = useParams();
  const query = useBooking(id || null);

  if (query.isLoading) return <BookingFormSkeleton />;
  if (query.isError || !query.data) {
    return (
      <RecordLoadError
        query={query}
        notFoundStatuses={[404, 400, 403]}
        parent={{ ...BOOKINGS_CRUMB, back: 'Volver a reservas' }}
        icon={<IconCalendarOff size={28} />}
        texts={{
          notFoundCrumb: 'No encontrada',
          notFoundTitle: 'Reserva no encontrada',
          notFoundDescription: 'Puede que el enlace no sea correcto o que la reserva no sea tuya.',
          errorTitle: 'No se ha podido cargar la reserva',
        }}
      />
    );
  }
  return <BookingForm key={query.data.id} mode="edit" booking={query.data} />;
}

function BookingForm({ mode, booking }: { mode: TBookingFormMode; booking: TBookingResponse | null }) {
  const access = useMemo(() => bookingAccess(getRoles()), []);
  const me = useMemo(currentUser, []);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const today = useMemo(() => todayIso(), []);
  const queryClient = useQueryClient();
  const createMutation = useCreateBooking();
  const updateMutation = useUpdateBooking();
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [conflict, setConflict] = useState<TConflict>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [place, setPlace] = useState<TAccommodationOption | null>(null);

  const locked = mode === 'edit' && booking !== null && isBookingLocked(booking.state);
  const readOnly = !access.canWrite || locked;

  const form = useForm<TBookingFormValues>({
    mode: 'controlled',
    initialValues: initialBookingValues(booking, {
      userId: me?.id,
      defaultProductId: searchParams.get('product_id'),
      defaultDate: isIsoDate(searchParams.get('date')) ? searchParams.get('date') : null,
    }),
  });
  const values = form.getValues();

  // Optimistic locking: the version the form's values were loaded from.
  const [baseVersion, setBaseVersion] = useState(booking?.version);
  const adoptNext = useRef(false);
  const resetTo = (saved: TBookingResponse) => {
    const initial = initialBookingValues(saved);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setBaseVersion(saved.version);
  };
  // A newer copy of the booking (our own payment or state change, another tab, another person):
  // adopt it when nothing was typed; keep the typed values and the old version otherwise (a save
  // then answers 409 and says so).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the stored version changes
  useEffect(() => {
    if (!booking || booking.version === baseVersion) return;
    if (!form.isDirty() || isBookingLocked(booking.state)) resetTo(booking);
    else if (adoptNext.current) setBaseVersion(booking.version);
    adoptNext.current = false;
  }, [booking?.version]);

  const dirty = !readOnly && form.isDirty();
  useUnsavedChangesGuard(dirty && !redirectTo);
  useEffect(() => {
    if (redirectTo && !form.isDirty()) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate, form]);

  const productsQuery = useProductOptions(access.canReadProducts);
  const productQuery = useBookingProduct(values.product_id);
  const product = productQuery.data ?? null;
  const sellers = useSellerOptions(access.canChooseSeller && !readOnly);

  // The chosen departure (same query as the calendar: same cache).
  const range = values.date ? gridRange(monthOf(values.date)) : { from: '', to: '' };
  const availability = useProductAvailability(
    values.product_id && values.date ? values.product_id : null,
    range.from,
    range.to,
  );
  const ownSeats: TOwnSeats = useMemo(
    () =>
      booking && booking.state !== 'cancelled' && values.product_id === booking.product_id
        ? { date: booking.date, time: booking.time, seats: booking.seats }
        : null,
    [booking, values.product_id],
  );
  const slot: TAvailabilitySlot | null =
    availability.data?.find((s) => s.date === values.date && s.time === values.time) ?? null;
  const isOwnDeparture = ownSeats !== null && ownSeats.date === values.date && ownSeats.time === values.time;
  const pastCutoff = Boolean(slot && !isOwnDeparture && slotStatus(slot, today, nowClock()) === 'cutoff');

  // Prices: only the types offered on the date; the live total from the server, debounced.
  const offered = offeredPaxTypes(product, values.date);
  const discountCents = access.canDiscount ? eurosToCents(values.discount) : (booking?.discount_cents ?? 0);
  const pax = paxPayload(values.pax);
  // On edit the booking keeps the prices it was sold at: the server re-prices it only when the
  // departure or the passengers change. The quote is still asked when the hotel changes (its pickup
  // time); a cancelled booking asks nothing.
  const repricing = !locked && (mode === 'create' || departureChanged(values, booking));
  const askQuote = repricing || (!locked && booking !== null && values.accommodation_id !== booking.accommodation_id);
  const quoteBody: TQuoteBody | null =
    askQuote && values.product_id && values.date && paxCount(values.pax) > 0
      ? {
          product_id: values.product_id,
          date: values.date,
          ...(values.time ? { time: values.time } : {}),
          pax,
          ...(discountCents > 0 ? { discount_cents: discountCents } : {}),
          accommodation_id: values.accommodation_id,
        }
      : null;
  const bodyKey = JSON.stringify(quoteBody);
  const [debouncedKey] = useDebouncedValue(bodyKey, 300);
  const quoteQuery = useBookingQuote(
    debouncedKey === bodyKey ? quoteBody : (JSON.parse(debouncedKey) as TQuoteBody | null),
  );
  const serverIsCurrent =
    debouncedKey === bodyKey && quoteBody !== null && !quoteQuery.isPlaceholderData && !quoteQuery.isError;
  const local = localQuote(product, values.date, values.pax, discountCents);
  const currency = product?.currency ?? booking?.currency ?? 'EUR';
  const quote =
    booking && !repricing
      ? savedQuoteView(booking, discountCents)
      : quoteBody
        ? quoteView(quoteQuery.data, serverIsCurrent && Boolean(quoteQuery.data), local, currency)
        : null;
  const quoteError = repricing && quoteQuery.isError && debouncedKey === bodyKey ? quoteQuery.error.message : null;
  const seatsAvailable = slot ? seatsFor(slot, ownSeats) : (quote?.seats_left ?? null);

  const computed = computePickup(
    product,
    place ??
      (booking?.accommodation && booking.accommodation.id === values.accommodation_id
        ? { id: booking.accommodation.id, zone: booking.accommodation.zone }
        : null),
    values.time,
  );
  // The pickup time the server gives: the saved one while hotel and departure stay, else the quote's.
  const serverPickup =
    booking && !repricing && values.accommodation_id === booking.accommodation_id
      ? booking.pickup_time_overridden
        ? undefined
        : booking.pickup_time
      : serverIsCurrent && values.time && values.accommodation_id
        ? quoteQuery.data?.pickup_time
        : undefined;

  const saving = createMutation.isPending || updateMutation.isPending;

  const payloadCtx = {
    mode,
    access,
    booking,
    pastCutoff,
    version: baseVersion,
  };

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = firstErrorPath(errors, FIELD_ORDER);
    if (first) revealField(form.getInputNode(first as never) as HTMLElement | null | undefined, sectionOf(first));
  };

  const handleError = (error: ApiError, passengerIndex: number[]) => {
    if (error.status === 401) return;
    const kind = conflictKind(error);
    const hasFieldErrors = Object.keys(error.fieldErrors).length > 0;
    if (kind === 'no_seats' || kind === 'stale' || (kind === 'other' && !hasFieldErrors)) {
      setConflict({ kind, message: error.message, detail: error.fieldErrors.pax?.[0] });
      setServerMessages([]);
      if (kind === 'no_seats') {
        form.setErrors({ time: error.fieldErrors.pax?.[0] ?? error.message });
        void availability.refetch();
        void quoteQuery.refetch();
        scrollToSection('salida');
      } else {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }
      notifyError(
        kind === 'no_seats'
          ? 'No quedan plazas suficientes'
          : kind === 'stale'
            ? 'La reserva ha cambiado'
            : 'No se ha guardado',
        kind === 'stale'
          ? 'Otra persona la ha modificado mientras la editabas.'
          : kind === 'no_seats'
            ? (error.fieldErrors.pax?.[0] ?? 'Elige otra salida o reduce los pasajeros.')
            : error.message,
        FORM_INVALID_NOTICE,
      );
      return;
    }
    const { fields, rest } = mapBookingServerErrors(error.fieldErrors, passengerIndex);
    form.setErrors(fields);
    const hasFields = Object.keys(fields).length > 0;
    setServerMessages(rest.length ? rest : hasFields ? [] : [error.message]);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message, FORM_INVALID_NOTICE);
    if (hasFields) focusFirstError(fields);
    else window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (readOnly) return;
    const errors = validateBookingForm(values, payloadCtx);
    form.setErrors(errors);
    const count = Object.values(errors).filter(Boolean).length;
    if (count) {
      notifyError(
        'Revisa la reserva',
        count === 1 ? 'Hay un campo con errores.' : `Hay ${count} campos con errores.`,
        FORM_INVALID_NOTICE,
      );
      focusFirstError(errors);
      return;
    }
    setServerMessages([]);
    setConflict(null);
    const { payload, passengerIndex } = toBookingPayload(values, payloadCtx);
    if (mode === 'create') {
      createMutation.mutate(payload, {
        onSuccess: (saved) => {
          notifySuccess(
            'Reserva creada',
            `${saved.locator} · ${saved.customer_name} · ${formatMoney(saved.total_cents, saved.currency)}`,
          );
          resetTo(saved);
          setRedirectTo(pathTo('bookingEdit', { id: saved.id }));
        },
        onError: (err) => handleError(err, passengerIndex),
      });
    } else if (booking) {
      updateMutation.mutate(
        { id: booking.id, payload },
        {
          onSuccess: (saved) => {
            resetTo(saved);
            notifySuccess('Cambios guardados', `${saved.locator} · ${formatMoney(saved.total_cents, saved.currency)}`);
          },
          onError: (err) => handleError(err, passengerIndex),
        },
      );
    }
  };

  /** Confirmar / Marcar realizada / No presentado: PUT {state, version}; cancel has its modal. */
  const runStateAction = (action: TStateAction) => {
    if (!booking) return;
    if (action.needsReason) {
      setCancelOpen(true);
      return;
    }
    modals.openConfirmModal({
      title: `${action.label}: ${booking.locator}`,
      centered: true,
      children: <Text size="sm">{action.confirm}</Text>,
      labels: { confirm: action.label, cancel: 'Volver' },
      confirmProps: { color: action.color },
      onConfirm: () => {
        adoptNext.current = true;
        updateMutation.mutate(
          { id: booking.id, payload: { state: action.target, version: baseVersion } },
          {
            onSuccess: (saved) => {
              if (!form.isDirty()) resetTo(saved);
              else setBaseVersion(saved.version);
              notifySuccess('Estado cambiado', `${saved.locator}: ${action.label.toLowerCase()}.`);
            },
            onError: (err) => {
              adoptNext.current = false;
              if (conflictKind(err) === 'stale') {
                setConflict({ kind: 'stale', message: err.message });
                notifyError('La reserva ha cambiado', 'Otra persona la ha modificado. Recárgala para continuar.');
              } else notifyError('No se ha cambiado el estado', err.message);
            },
          },
        );
      },
    });
  };

  const reloadLatest = () => {
    if (!booking) return;
    setConflict(null);
    setServerMessages([]);
    adoptNext.current = false;
    form.resetDirty();
    queryClient
      .fetchQuery({ ...bookingQueryOptions(booking.id), staleTime: 0 })
      .then(resetTo)
      .catch((err: unknown) => notifyError('No se ha podido recargar', err instanceof Error ? err.message : ''));
  };

  const setPax = (type: TPaxType, v: TFormNumber) => {
    const next = { ...form.getValues().pax, [type]: v };
    form.setFieldValue(`pax.${type}`, v);
    form.setFieldValue('passengers', syncPassengers(form.getValues().passengers, next));
    form.clearFieldError('pax');
    if (conflict?.kind === 'no_seats') setConflict(null);
  };

  const actions = booking
    ? bookingStateActions(booking.state, access, { departureStarted: hasStarted(booking.date, booking.time) })
    : [];
  const productOptions = productSelectOptions(productsQuery.data, {
    activeOnly: true,
    withOperator: access.isAdmin,
    keep: booking?.product_id,
  });
  if (booking && !productOptions.some((o) => o.value === booking.product_id)) {
    productOptions.unshift({ value: booking.product_id, label: `${booking.product.name} (${booking.product.code})` });
  }
  const productName =
    product?.name ?? booking?.product.name ?? productOptions.find((o) => o.value === values.product_id)?.label ?? null;
  const errors = form.errors;
  const errorsIn = (id: string) => Object.keys(errors).filter((k) => errors[k] && sectionOf(k) === id).length;
  const errorCount = Object.values(errors).filter(Boolean).length;
  /** A step's card: its number and title (SECTIONS' order) and its errors. */
  const stepCard = (id: (typeof SECTIONS)[number]['id']) => ({
    id,
    step: SECTIONS.findIndex((s) => s.id === id) + 1,
    title: SECTIONS.find((s) => s.id === id)?.title ?? '',
    errorCount: errorsIn(id),
  });
  const hasPax = paxCount(values.pax) > 0;

  const title = mode === 'create' ? 'Nueva reserva' : `Reserva ${booking?.locator ?? ''}`;
  const subtitle =
    mode === 'create' ? (
      'Producto, fecha y hora, pasajeros y cliente: el total y las plazas se calculan al momento.'
    ) : booking ? (
      <Group gap={8} component="span" wrap="wrap">
        <BookingStateBadge state={booking.state} />
        <PaymentStateBadge state={booking.payment_state} />
        <Text span size="sm">
          {booking.product.name} · {formatDay(booking.date)} · {booking.time}
        </Text>
      </Group>
    ) : undefined;

  return (
    <>
      <RecordBreadcrumbs
        parent={BOOKINGS_CRUMB}
        current={mode === 'create' ? 'Nueva reserva' : (booking?.locator ?? '')}
      />
      <PageHeader
        title={title}
        description={subtitle}
        actions={
          actions.length
            ? actions.map((a) => (
                <Tooltip key={a.target} label={a.disabledReason} disabled={!a.disabledReason}>
                  <Button
                    data-disabled={a.disabledReason ? true : undefined}
                    variant={a.needsReason ? 'light' : 'filled'}
                    color={a.color}
                    leftSection={
                      a.needsReason ? (
                        <IconBan size={18} />
                      ) : a.target === 'no_show' ? (
                        <IconUserX size={18} />
                      ) : (
                        <IconCheck size={18} />
                      )
                    }
                    onClick={() => (a.disabledReason ? undefined : runStateAction(a))}
                    loading={updateMutation.isPending && updateMutation.variables?.payload.state === a.target}
                  >
                    {a.label}
                  </Button>
                </Tooltip>
              ))
            : null
        }
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <form onSubmit={submit} noValidate aria-label={title}>
            <Stack gap="lg">
              {conflict?.kind === 'stale' ? (
                <Alert
                  color="orange"
                  variant="light"
                  icon={<IconAlertTriangle size={20} />}
                  title="Otra persona ha modificado esta reserva"
                  role="alert"
                >
                  <Stack gap="xs">
                    <Text size="sm">
                      Se ha guardado otra versión mientras la editabas, así que tus cambios no se han guardado para no
                      pisar los suyos. Recarga la reserva para ver la versión actual y vuelve a hacer tus cambios.
                    </Text>
                    <Group>
                      <Button size="xs" color="orange" leftSection={<IconRefresh size={14} />} onClick={reloadLatest}>
                        Recargar la reserva
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : null}
              <FormErrorAlert
                message={
                  conflict?.kind === 'other'
                    ? conflict.message
                    : serverMessages.length
                      ? serverMessages.join(' ')
                      : null
                }
              />
              {booking && locked ? (
                <Alert color="red" variant="light" icon={<IconLock size={18} />} title="Reserva cancelada">
                  {booking.cancelled_at ? `Cancelada el ${formatDay(booking.cancelled_at.slice(0, 10))}. ` : ''}
                  {booking.cancel_reason ? `Motivo: ${booking.cancel_reason}. ` : ''}
                  Sus plazas están libres y ya no se puede modificar.
                </Alert>
              ) : null}
              {!access.canWrite ? (
                <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
                  Tu rol permite consultar esta reserva, no modificarla.
                </Alert>
              ) : null}

              <FormSectionCard {...stepCard('producto')} done={Boolean(values.product_id)}>
                <Select
                  label="Producto"
                  placeholder={productsQuery.isLoading ? 'Cargando productos…' : 'Busca la excursión'}
                  {...REQUIRED_FIELD}
                  data={productOptions}
                  searchable
                  nothingFoundMessage="Ningún producto activo coincide"
                  value={values.product_id}
                  onChange={(v) => {
                    form.setValues({ product_id: v, date: null, time: null, override_cutoff: false });
                    form.clearFieldError('product_id');
                    setConflict(null);
                  }}
                  error={errors.product_id}
                  readOnly={readOnly}
                  maxDropdownHeight={320}
                />
                {productQuery.isError ? (
                  <Text size="sm" c="red">
                    No se ha podido cargar el producto: {productQuery.error.message}
                  </Text>
                ) : null}
              </FormSectionCard>

              <FormSectionCard
                {...stepCard('salida')}
                description="Plazas libres por día; los días sin salidas a la venta no se pueden elegir."
                done={Boolean(values.date && values.time) && !errorsIn('salida')}
              >
                {values.product_id ? (
                  <>
                    {conflict?.kind === 'no_seats' ? (
                      <Alert
                        color="red"
                        variant="filled"
                        icon={<IconAlertTriangle size={20} />}
                        title={conflict.message}
                        role="alert"
                      >
                        {seatsAvailable !== null
                          ? `${seatsAvailable <= 0 ? 'Ya no queda ninguna plaza' : seatsAvailable === 1 ? 'Solo queda 1 plaza' : `Solo quedan ${seatsAvailable} plazas`} en esta salida (${plural(quote?.seats ?? paxCount(values.pax), 'plaza pedida', 'plazas pedidas')}). Elige otra hora u otra fecha, o reduce los pasajeros.`
                          : 'Alguien ha reservado esas plazas antes. Elige otra salida o reduce los pasajeros.'}
                      </Alert>
                    ) : null}
                    <DeparturePicker
                      key={values.product_id}
                      productId={values.product_id}
                      date={values.date}
                      time={values.time}
                      today={today}
                      canOverrideCutoff={access.canOverrideCutoff}
                      ownSeats={ownSeats}
                      readOnly={readOnly}
                      dateError={typeof errors.date === 'string' ? errors.date : undefined}
                      timeError={typeof errors.time === 'string' ? errors.time : undefined}
                      onDate={(d) => {
                        form.setFieldValue('date', d);
                        form.setFieldValue('override_cutoff', false);
                        form.clearFieldError('date');
                        if (conflict?.kind === 'no_seats') setConflict(null);
                      }}
                      onTime={(t) => {
                        form.setFieldValue('time', t);
                        form.clearFieldError('time');
                        form.clearFieldError('override_cutoff');
                        if (conflict?.kind === 'no_seats') setConflict(null);
                      }}
                    />
                    {pastCutoff && access.canOverrideCutoff ? (
                      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
                        <Checkbox
                          label="Vender fuera de plazo"
                          description={`La venta de esta salida cerró ${
                            product?.booking_cutoff_hours
                              ? `${plural(product.booking_cutoff_hours, 'hora', 'horas')} antes`
                              : ''
                          } de la salida. Solo el personal puede venderla.`}
                          checked={values.override_cutoff}
                          onChange={(e) => {
                            form.setFieldValue('override_cutoff', e.currentTarget.checked);
                            form.clearFieldError('override_cutoff');
                          }}
                          error={errors.override_cutoff}
                          disabled={readOnly}
                        />
                      </Alert>
                    ) : null}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    Elige primero el producto.
                  </Text>
                )}
              </FormSectionCard>

              <FormSectionCard
                {...stepCard('pasajeros')}
                description="Solo los tipos que el producto ofrece en esa fecha."
                done={hasPax && Boolean(values.time)}
              >
                {product && values.date ? (
                  offered.length ? (
                    <PaxSection
                      offered={offered}
                      pax={values.pax}
                      onChange={setPax}
                      errors={errors}
                      readOnly={readOnly}
                      currency={currency}
                      season={quote?.season ?? null}
                    />
                  ) : (
                    <Text size="sm" c="orange.8">
                      Este producto no tiene tarifas para esa fecha.
                    </Text>
                  )
                ) : (
                  <Text size="sm" c="dimmed">
                    Elige el producto y la fecha para ver las tarifas.
                  </Text>
                )}
              </FormSectionCard>

              <FormSectionCard {...stepCard('cliente')} done={Boolean(values.customer_name.trim())}>
                <CustomerSection form={form} readOnly={readOnly} />
              </FormSectionCard>

              <FormSectionCard
                {...stepCard('recogida')}
                description="El hotel del cliente: la hora de recogida sale de las recogidas del producto."
                done={Boolean(values.accommodation_id)}
              >
                <PickupSection
                  form={form}
                  product={product}
                  readOnly={readOnly}
                  operatorId={product?.tour_operator_id ?? booking?.tour_operator_id ?? null}
                  selectedLabel={
                    booking?.accommodation?.id === values.accommodation_id
                      ? (booking?.accommodation?.name ?? null)
                      : null
                  }
                  computed={computed}
                  serverPickup={serverPickup}
                  onPlace={setPlace}
                />
              </FormSectionCard>

              <FormSectionCard
                {...stepCard('nombres')}
                description="Opcional: así el guía tiene una lista con nombres."
                done={values.passengers.some((p) => p.full_name.trim())}
              >
                <PassengersSection form={form} readOnly={readOnly} />
              </FormSectionCard>

              <FormSectionCard {...stepCard('venta')}>
                <SaleSection
                  form={form}
                  readOnly={readOnly}
                  canChooseSeller={access.canChooseSeller}
                  canDiscount={access.canDiscount}
                  sellers={(sellers.data ?? []).filter(
                    (o) => !product || !o.operatorId || o.operatorId === product.tour_operator_id,
                  )}
                  sellersLoading={sellers.isLoading}
                  sellerName={
                    booking?.seller?.full_name ?? (mode === 'create' && access.isSeller ? (me?.name ?? null) : null)
                  }
                />
              </FormSectionCard>
            </Stack>

            {readOnly ? null : (
              <FormSaveBar
                dirty={dirty}
                isNew={mode === 'create'}
                errorCount={errorCount}
                backTo={pathTo('bookingIndex')}
                saving={saving}
                saveLabel={mode === 'create' ? 'Guardar reserva' : 'Guardar'}
                summary={
                  quote ? (
                    <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="bar-total">
                      Total {formatMoney(quote.total_cents, quote.currency)}
                    </Text>
                  ) : null
                }
              />
            )}
          </form>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg" className={mode === 'create' ? classes.aside : undefined}>
            <QuotePanel
              productName={productName}
              date={values.date}
              time={values.time}
              quote={quote}
              calculating={repricing && quoteBody !== null && (quoteQuery.isFetching || debouncedKey !== bodyKey)}
              error={quoteError}
              seatsAvailable={values.time && !locked ? seatsAvailable : null}
              paidCents={booking ? netPaidCents(booking) : undefined}
              cancelled={locked}
            />
            {booking ? (
              <>
                <PaymentsPanel booking={booking} canPay={access.canWrite} canRefund={access.canRefund} />
                {booking.public_urls ? <BookingLinks urls={booking.public_urls} /> : null}
                <BookingHistory bookingId={booking.id} />
                <AuditTrail entityType="booking" entityId={booking.id} revision={booking.version} />
              </>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>

      {booking ? (
        <CancelBookingModal
          booking={booking}
          opened={cancelOpen}
          onClose={() => setCancelOpen(false)}
          onCancelled={(saved) => {
            if (saved && typeof saved === 'object' && 'version' in saved) resetTo(saved);
          }}
        />
      ) : null}
    </>
  );
}

function BookingFormSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Cargando reserva">
      <Skeleton h={14} w={180} mb="sm" />
      <Skeleton h={30} w={320} mb={8} />
      <Skeleton h={16} w={220} mb="lg" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {[0, 1, 2].map((i) => (
              <Paper key={i} withBorder radius="lg" p="lg">
                <Skeleton h={12} w={140} mb="md" />
                <Stack gap="sm">
                  <Skeleton h={36} />
                  <Skeleton h={36} w="60%" />
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="lg" p="lg">
            <Skeleton h={120} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
