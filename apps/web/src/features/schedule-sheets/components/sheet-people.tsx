import { Anchor, Stack, Text } from '@mantine/core';
import type { TSheetSummary } from '@trayecto/shared';
import { telHref } from '../utils/sheet-view';

/** "4821KLM" and "Autocar Teide 1 · 55 plazas" below; "Sin asignar" when there is none. */
export function VehicleName({ vehicle }: { vehicle: TSheetSummary['vehicle'] }) {
  if (!vehicle) return <Unassigned />;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={700} ff="monospace">
        {vehicle.plate}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {vehicle.name ? `${vehicle.name} · ` : ''}
        {vehicle.seats} plazas
      </Text>
    </Stack>
  );
}

function Unassigned() {
  return (
    <Text size="sm" c="dimmed" fs="italic" style={{ whiteSpace: 'nowrap' }}>
      Sin asignar
    </Text>
  );
}

/**
 * The sheet's driver (or guide): the user, else the freelance persons of that role ("externo").
 */
export function CrewNames({
  sheet,
  kind,
}: {
  sheet: Pick<TSheetSummary, 'driver' | 'guide' | 'persons'>;
  kind: 'driver' | 'guide';
}) {
  const user = kind === 'driver' ? sheet.driver : sheet.guide;
  const freelancers = sheet.persons.filter((p) => p.role === kind);
  if (!user && freelancers.length === 0) return <Unassigned />;
  return (
    <Stack gap={0}>
      {user ? (
        <Text size="sm" lineClamp={2}>
          {user.full_name}
        </Text>
      ) : null}
      {freelancers.map((p) => (
        <Text key={p.id} size="sm" lineClamp={1}>
          {p.full_name}{' '}
          <Text span size="xs" c="dimmed">
            (externo)
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** A phone number as typed, as a tel: link (one tap to call from a phone). */
export function PhoneLink({ phone, size = 'sm' }: { phone: string; size?: 'xs' | 'sm' | 'md' }) {
  const href = telHref(phone);
  if (!href) return null;
  return (
    <Anchor href={href} size={size} className="nowrap" style={{ whiteSpace: 'nowrap' }}>
      {phone}
    </Anchor>
  );
}
