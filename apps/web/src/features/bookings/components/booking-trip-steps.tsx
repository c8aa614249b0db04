/**
 * The booking form's first three steps, what the price and the seats depend on: the product, the
 * departure (date and time, with the "no seats left" answer and the staff's sale past the cut-off)
 * and the passengers per type the product offers on that date. The form's alerts come first.
 */
import { Alert, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconLock, IconRefresh } from '@tabler/icons-react';
import type { TBookingResponse, TPaxType, TProductResponse } from '@trayecto/shared';
import { FormErrorAlert } from '../../../components/form-drawer';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { formatDay } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import type { TTimes } from '../../../lib/time-zone';
import type { TProductSelectOption } from '../../products';
import { seatsLeftText } from '../utils/booking-format';
import type { TBookingForm } from './booking-form-sections';
import { offeredPaxTypes, type TFormNumber } from './booking-form-values';
import { DeparturePicker, type TOwnSeats } from './departure-picker';
import { PaxSection } from './pax-section';
import type { TConflict } from './use-booking-form';

/** "Otra persona ha modificado esta reserva", the server's other messages, cancelled, read-only. */
export function BookingFormAlerts({
  conflict,
  serverMessages,
  booking,
  locked,
  canWrite,
  times,
  onReload,
}: {
  conflict: TConflict;
  serverMessages: string[];
  booking: TBookingResponse | null;
  locked: boolean;
  canWrite: boolean;
  times: TTimes;
  onReload: () => void;
}) {
  return (
    <>
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
              Se ha guardado otra versión mientras la editabas, así que tus cambios no se han guardado para no pisar los
              suyos. Recarga la reserva para ver la versión actual y vuelve a hacer tus cambios.
            </Text>
            <Group>
              <Button size="xs" color="orange" leftSection={<IconRefresh size={14} />} onClick={onReload}>
                Recargar la reserva
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <FormErrorAlert
        message={
          conflict?.kind === 'other' ? conflict.message : serverMessages.length ? serverMessages.join(' ') : null
        }
      />
      {booking && locked ? (
        <Alert color="red" variant="light" icon={<IconLock size={18} />} title="Reserva cancelada">
          {booking.cancelled_at ? `Cancelada el ${formatDay(times.today(new Date(booking.cancelled_at)))}. ` : ''}
          {booking.cancel_reason ? `Motivo: ${booking.cancel_reason}. ` : ''}
          Sus plazas están libres y ya no se puede modificar.
        </Alert>
      ) : null}
      {!canWrite ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          Tu rol permite consultar esta reserva, no modificarla.
        </Alert>
      ) : null}
    </>
  );
}

/** Producto: a search among the active products (a saved booking keeps its own). */
export function ProductStep({
  form,
  options,
  loading,
  readOnly,
  loadError,
  onChanged,
}: {
  form: TBookingForm;
  options: TProductSelectOption[];
  loading: boolean;
  readOnly: boolean;
  loadError: string | null;
  onChanged: () => void;
}) {
  return (
    <>
      <Select
        label="Producto"
        placeholder={loading ? 'Cargando productos…' : 'Busca la excursión'}
        {...REQUIRED_FIELD}
        data={options}
        searchable
        nothingFoundMessage="Ningún producto activo coincide"
        value={form.getValues().product_id}
        onChange={(v) => {
          form.setValues({ product_id: v, date: null, time: null, override_cutoff: false });
          form.clearFieldError('product_id');
          onChanged();
        }}
        error={form.errors.product_id}
        readOnly={readOnly}
        maxDropdownHeight={320}
      />
      {loadError !== null ? (
        <Text size="sm" c="red">
          No se ha podido cargar el producto: {loadError}
        </Text>
      ) : null}
    </>
  );
}

/** Fecha y hora: the calendar of departures, "no seats left" after a 409, and the sale past the cut-off. */
export function DepartureStep({
  form,
  product,
  times,
  ownSeats,
  readOnly,
  canOverrideCutoff,
  pastCutoff,
  noSeats,
  seats,
  seatsAsked,
  onDepartureChanged,
}: {
  form: TBookingForm;
  product: TProductResponse | null;
  times: TTimes;
  ownSeats: TOwnSeats;
  readOnly: boolean;
  canOverrideCutoff: boolean;
  pastCutoff: boolean;
  /** The 409 "No quedan plazas suficientes" message, while it applies. */
  noSeats: string | null;
  seats: { available: number | null; ownHere: number };
  seatsAsked: number;
  onDepartureChanged: () => void;
}) {
  const values = form.getValues();
  const errors = form.errors;
  if (!values.product_id) {
    return (
      <Text size="sm" c="dimmed">
        Elige primero el producto.
      </Text>
    );
  }
  return (
    <>
      {noSeats !== null ? (
        <Alert color="red" variant="filled" icon={<IconAlertTriangle size={20} />} title={noSeats} role="alert">
          {seats.available !== null
            ? `${seats.available <= 0 ? 'Ya no queda ninguna plaza' : seatsLeftText(seats.available - seats.ownHere, seats.ownHere)} en esta salida (${plural(seatsAsked, 'plaza pedida', 'plazas pedidas')}). Elige otra hora u otra fecha, o reduce los pasajeros.`
            : 'Alguien ha reservado esas plazas antes. Elige otra salida o reduce los pasajeros.'}
        </Alert>
      ) : null}
      <DeparturePicker
        key={values.product_id}
        productId={values.product_id}
        date={values.date}
        time={values.time}
        today={times.today()}
        timeZone={times.zone}
        canOverrideCutoff={canOverrideCutoff}
        ownSeats={ownSeats}
        readOnly={readOnly}
        dateError={typeof errors.date === 'string' ? errors.date : undefined}
        timeError={typeof errors.time === 'string' ? errors.time : undefined}
        onDate={(d) => {
          form.setFieldValue('date', d);
          form.setFieldValue('override_cutoff', false);
          form.clearFieldError('date');
          onDepartureChanged();
        }}
        onTime={(t) => {
          form.setFieldValue('time', t);
          form.clearFieldError('time');
          form.clearFieldError('override_cutoff');
          onDepartureChanged();
        }}
      />
      {pastCutoff && canOverrideCutoff ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
          <Checkbox
            label="Vender fuera de plazo"
            description={`La venta de esta salida cerró ${
              product?.booking_cutoff_hours ? `${plural(product.booking_cutoff_hours, 'hora', 'horas')} antes` : ''
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
  );
}

/** Pasajeros: a count per type the product offers on the date, with its price. */
export function PaxStep({
  form,
  product,
  readOnly,
  currency,
  season,
  onPax,
}: {
  form: TBookingForm;
  product: TProductResponse | null;
  readOnly: boolean;
  currency: string;
  season: string | null;
  onPax: (type: TPaxType, v: TFormNumber) => void;
}) {
  const values = form.getValues();
  if (!product || !values.date) {
    return (
      <Text size="sm" c="dimmed">
        Elige el producto y la fecha para ver las tarifas.
      </Text>
    );
  }
  const offered = offeredPaxTypes(product, values.date);
  if (!offered.length) {
    return (
      <Text size="sm" c="orange.8">
        Este producto no tiene tarifas para esa fecha.
      </Text>
    );
  }
  return (
    <PaxSection
      offered={offered}
      pax={values.pax}
      onChange={onPax}
      errors={form.errors}
      readOnly={readOnly}
      currency={currency}
      season={season}
    />
  );
}
