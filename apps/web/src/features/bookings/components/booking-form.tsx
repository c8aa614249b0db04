/**
 * The booking form's page: the steps on the left (product, departure, passengers, customer, pickup,
 * names, the product's questions when it asks some, sale), the live total and the booking's answers,
 * payments, links and history on the right.
 * It puts together the controller (use-booking-form: values, versions, saving), the chosen
 * departure (use-chosen-departure), the live quote (use-live-quote) and the state actions
 * (booking-state-actions); the steps are drawn by booking-trip-steps and booking-form-sections.
 */
import { Grid, Group, Stack, Text } from '@mantine/core';
import { pathTo, type TBookingResponse } from '@trayecto/shared';
import { type FormEvent, useState } from 'react';
import { FormSaveBar, FormSectionCard } from '../../../components/form-page';
import { PageHeader } from '../../../components/page-header';
import { RecordBreadcrumbs } from '../../../components/record-page';
import { formatDay } from '../../../lib/dates';
import { useTimes } from '../../../lib/time-zone';
import type { TUsableAccommodation } from '../../accommodations';
import { AuditTrail } from '../../audit-log';
import { BookingInvoicesSection } from '../../invoices';
import { BookingMessages } from '../../messages';
import { productSelectOptions, useProduct, useProductOptions } from '../../products';
import { useAgencyOptions } from '../api/list-agency-options';
import { useSellerOptions } from '../api/list-seller-options';
import { formatMoney, netPaidCents } from '../utils/booking-format';
import { orphanAnswers, unansweredFields } from './booking-answer-values';
import { BookingAnswersPanel } from './booking-answers-panel';
import { BookingStateBadge, PaymentStateBadge } from './booking-badges';
import classes from './booking-form.module.css';
import { CustomerSection, PassengersSection, PickupSection, SaleSection } from './booking-form-sections';
import { errorsInStep, stepCard, type TBookingStepId } from './booking-form-steps';
import { computePickup, paxCount, type TBookingFormMode } from './booking-form-values';
import { BookingHistory } from './booking-history';
import { BookingLinks } from './booking-links';
import { useBookingStateActions } from './booking-state-actions';
import { BookingFormAlerts, DepartureStep, PaxStep, ProductStep } from './booking-trip-steps';
import { PaymentsPanel } from './payments-panel';
import { QuestionsSection } from './questions-section';
import { QuotePanel } from './quote-panel';
import { useBookingForm } from './use-booking-form';
import { useChosenDeparture } from './use-chosen-departure';
import { useLiveQuote } from './use-live-quote';

export const BOOKINGS_CRUMB = { label: 'Reservas', to: pathTo('bookingIndex') };

export function BookingForm({ mode, booking }: { mode: TBookingFormMode; booking: TBookingResponse | null }) {
  const ctl = useBookingForm(mode, booking);
  const { access, me, form, values, locked, readOnly, conflict } = ctl;
  const [place, setPlace] = useState<TUsableAccommodation | null>(null);

  const productsQuery = useProductOptions(access.canReadProducts);
  const productQuery = useProduct(values.product_id, { staleTime: 60_000 });
  const product = productQuery.data ?? null;
  // "Today" and "now" are the booking's operator's (its product's while creating), not the browser's.
  const times = useTimes(booking?.timezone ?? product?.tour_operator?.timezone);
  const sellers = useSellerOptions(access.canChooseSeller && !readOnly);
  // Agencies (ADR 023): the office records a sale for one when creating; «Canales» is levels 0–1.
  const agencies = useAgencyOptions(mode === 'create' && access.canManageChannels && !readOnly);
  const departure = useChosenDeparture({ booking, values, times });
  const live = useLiveQuote({ mode, booking, product, values, locked, canDiscount: access.canDiscount });
  const { quote } = live;
  const seats = departure.seatsWith(quote?.seats_left);
  const stateActions = useBookingStateActions(ctl, booking, times);

  const computed = computePickup(
    product,
    place ??
      (booking?.accommodation && booking.accommodation.id === values.accommodation_id
        ? { id: booking.accommodation.id, zone: booking.accommodation.zone }
        : null),
    values.time,
  );

  // The product's questions (issue 33 item 3): the step shows when it asks some, or when the booking
  // keeps answers to questions it no longer asks (read-only, with their label then).
  const questions = product && product.id === values.product_id ? product.questions : null;
  const orphans =
    booking && questions && values.product_id === booking.product_id ? orphanAnswers(booking.answers, questions) : [];
  const showQuestions = (questions?.length ?? 0) > 0 || orphans.length > 0;
  const hidden: TBookingStepId[] = showQuestions ? [] : ['preguntas'];
  const errors = form.errors;
  const card = (id: TBookingStepId) => stepCard(id, errors, hidden);

  const submit = (e?: FormEvent) =>
    ctl.submit(e, {
      questions,
      pastCutoff: departure.pastCutoff,
      onNoSeats: () => {
        departure.refetch();
        live.refetch();
      },
    });
  const clearNoSeats = () => {
    if (conflict?.kind === 'no_seats') ctl.setConflict(null);
  };

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
  const errorCount = Object.values(errors).filter(Boolean).length;

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
      <PageHeader title={title} description={subtitle} actions={stateActions.buttons} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <form onSubmit={submit} noValidate aria-label={title}>
            <Stack gap="lg">
              <BookingFormAlerts
                conflict={conflict}
                serverMessages={ctl.serverMessages}
                booking={booking}
                locked={locked}
                canWrite={access.canWrite}
                times={times}
                onReload={ctl.reloadLatest}
              />

              <FormSectionCard {...card('producto')} done={Boolean(values.product_id)}>
                <ProductStep
                  form={form}
                  options={productOptions}
                  loading={productsQuery.isLoading}
                  readOnly={readOnly}
                  loadError={productQuery.isError ? productQuery.error.message : null}
                  onChanged={() => ctl.setConflict(null)}
                />
              </FormSectionCard>

              <FormSectionCard
                {...card('salida')}
                description="Plazas libres por día; los días sin salidas a la venta no se pueden elegir."
                done={Boolean(values.date && values.time) && !errorsInStep('salida', errors)}
              >
                <DepartureStep
                  form={form}
                  product={product}
                  times={times}
                  ownSeats={departure.ownSeats}
                  readOnly={readOnly}
                  canOverrideCutoff={access.canOverrideCutoff}
                  pastCutoff={departure.pastCutoff}
                  noSeats={conflict?.kind === 'no_seats' ? conflict.message : null}
                  seats={seats}
                  seatsAsked={quote?.seats ?? paxCount(values.pax)}
                  onDepartureChanged={clearNoSeats}
                />
              </FormSectionCard>

              <FormSectionCard
                {...card('pasajeros')}
                description="Solo los tipos que el producto ofrece en esa fecha."
                done={paxCount(values.pax) > 0 && Boolean(values.time)}
              >
                <PaxStep
                  form={form}
                  product={product}
                  readOnly={readOnly}
                  currency={live.currency}
                  season={quote?.season ?? null}
                  onPax={ctl.setPax}
                />
              </FormSectionCard>

              <FormSectionCard {...card('cliente')} done={Boolean(values.customer_name.trim())}>
                <CustomerSection form={form} readOnly={readOnly} />
              </FormSectionCard>

              <FormSectionCard
                {...card('recogida')}
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
                  serverPickup={live.serverPickup}
                  onPlace={setPlace}
                />
              </FormSectionCard>

              <FormSectionCard
                {...card('nombres')}
                description="Opcional: así el guía tiene una lista con nombres."
                done={values.passengers.some((p) => p.full_name.trim())}
              >
                <PassengersSection form={form} readOnly={readOnly} />
              </FormSectionCard>

              {showQuestions ? (
                <FormSectionCard
                  {...card('preguntas')}
                  description="Lo que el producto pregunta al reservar: una vez por reserva o a cada pasajero."
                  done={
                    Boolean(questions) &&
                    paxCount(values.pax) > 0 &&
                    errorsInStep('preguntas', errors) === 0 &&
                    unansweredFields(values.answers, questions ?? [], paxCount(values.pax)).length === 0
                  }
                >
                  <QuestionsSection form={form} questions={questions ?? []} orphans={orphans} readOnly={readOnly} />
                </FormSectionCard>
              ) : null}

              <FormSectionCard {...card('venta')}>
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
                  agencies={(agencies.data ?? []).filter((o) => !product || o.operatorId === product.tour_operator_id)}
                  salesChannel={
                    booking?.sales_channel
                      ? {
                          name: booking.sales_channel.name,
                          reference: booking.reseller_reference ?? null,
                          commissionPct: booking.commission_pct,
                          commissionCents: booking.commission_cents,
                          collects: booking.sales_channel.collects,
                        }
                      : null
                  }
                />
              </FormSectionCard>
            </Stack>

            {readOnly ? null : (
              <FormSaveBar
                dirty={ctl.dirty}
                isNew={mode === 'create'}
                errorCount={errorCount}
                backTo={pathTo('bookingIndex')}
                saving={ctl.saving}
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
              calculating={live.calculating}
              error={live.error}
              seatsAvailable={values.time && !locked ? seats.available : null}
              ownSeats={departure.isOwnDeparture ? (departure.ownSeats?.seats ?? 0) : 0}
              paidCents={booking ? netPaidCents(booking) : undefined}
              cancelled={locked}
            />
            {booking ? (
              <>
                <BookingAnswersPanel
                  booking={booking}
                  questions={product && product.id === booking.product_id ? product.questions : null}
                />
                <PaymentsPanel booking={booking} canPay={access.canWrite} canRefund={access.canRefund} />
                <BookingInvoicesSection booking={booking} />
                {booking.public_urls ? (
                  <BookingLinks
                    urls={booking.public_urls}
                    bookingId={booking.id}
                    customerPhone={booking.customer_phone}
                    canEdit={!readOnly}
                  />
                ) : null}
                {/* What was sent to the customer (issue 14): the API answers it for levels 0–3. */}
                {access.canWrite ? <BookingMessages bookingId={booking.id} /> : null}
                <BookingHistory bookingId={booking.id} timeZone={booking.timezone} />
                <AuditTrail entityType="booking" entityId={booking.id} revision={booking.version} />
              </>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>

      {stateActions.cancelModal}
    </>
  );
}
