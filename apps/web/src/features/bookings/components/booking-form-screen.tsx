/**
 * The booking routes (spec §2): /booking/create and /booking/edit/{id}. The edit screen loads the
 * booking (or says why it cannot); both draw the same form (booking-form.tsx).
 */
import { Box, Grid, Paper, Skeleton, Stack } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { RecordLoadError } from '../../../components/record-page';
import { useBooking } from '../api/get-booking';
import { BOOKINGS_CRUMB, BookingForm } from './booking-form';

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
