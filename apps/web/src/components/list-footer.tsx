import { Group, Pagination, Select, Text } from '@mantine/core';
import { countLabel } from '../lib/format';

const PER_PAGE_OPTIONS = [
  { value: '25', label: '25 por página' },
  { value: '50', label: '50 por página' },
  { value: '100', label: '100 por página' },
];

/**
 * The bottom bar of a list screen: "1–50 de 120 vehículos", rows per page and the pages, as the
 * users screen shows them. Renders nothing when the list is empty. A capped total (ADR 027) reads
 * "de más de 10.000 reservas" and offers the pages up to the cap.
 */
export function ListFooter({
  total,
  capped = false,
  page,
  perPage,
  one,
  many,
  onPage,
  onPerPage,
}: {
  total: number;
  /** The total is a lower bound (ADR 027): "1–50 de más de 10.000 reservas". */
  capped?: boolean;
  page: number;
  perPage: number;
  /** Singular and plural noun: "vehículo", "vehículos". */
  one: string;
  many: string;
  onPage: (page: number) => void;
  /** null: back to the default (50). Without it, no "rows per page" choice. */
  onPerPage?: (perPage: string | null) => void;
}) {
  if (total <= 0) return null;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const from = (Math.min(page, totalPages) - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <Group
      justify="space-between"
      p="md"
      gap="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        {from.toLocaleString('es-ES')}–{to.toLocaleString('es-ES')} de{' '}
        {capped ? `más de ${countLabel(total, one, many)}` : countLabel(total, one, many)}
      </Text>
      <Group gap="sm">
        {onPerPage ? (
          <Select
            aria-label="Filas por página"
            data={PER_PAGE_OPTIONS}
            value={String(perPage)}
            onChange={(v) => onPerPage(v === '50' ? null : v)}
            allowDeselect={false}
            w={150}
            size="xs"
          />
        ) : null}
        {totalPages > 1 ? (
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={onPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? 'Página anterior' : control === 'next' ? 'Página siguiente' : control,
            })}
            getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
          />
        ) : null}
      </Group>
    </Group>
  );
}
