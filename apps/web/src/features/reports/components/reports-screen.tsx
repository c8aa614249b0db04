/**
 * «Informes» (issue 34): sales by day, product, channel, seller or agency with a chart, occupancy
 * per departure and product, cancellations and no-shows by reason, and the tax summary by rate, of
 * any period up to 366 days in the operator's days. The state (tab, period, grouping) lives in the
 * URL. A Vendedor sees «Mis ventas»: their own sales and cancellations only.
 */
import { Alert, Button, Chip, Group, Loader, Paper, Select, Skeleton, Stack, Tabs } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarEvent, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import {
  LEVEL,
  REPORT_ACCESS,
  REPORT_BASES,
  REPORT_GROUPS,
  REPORT_TITLES,
  type TReportBasis,
  type TReportGroup,
  type TReportKind,
} from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { getRoles } from '../../../lib/auth-storage';
import { todayIso } from '../../../lib/dates';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useReportExport } from '../api/export-report';
import { useCancellationsReport } from '../api/get-cancellations-report';
import { useOccupancyReport } from '../api/get-occupancy-report';
import { useSalesReport } from '../api/get-sales-report';
import { useTaxesReport } from '../api/get-taxes-report';
import { reportQueryString } from '../api/report-query';
import { day } from '../utils/report-format';
import {
  PRESET_LABELS,
  periodFromUrl,
  periodProblem,
  presetOf,
  presetPeriod,
  type TPeriod,
  type TPresetId,
} from '../utils/report-period';
import { CancellationsReport, OccupancyReport, TaxesReport } from './other-reports';
import { SalesReport, SELLER_GROUPS } from './sales-report';

const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T =>
  v && (values as readonly string[]).includes(v) ? (v as T) : fallback;

function PeriodPicker({ period, onChange }: { period: TPeriod; onChange: (p: TPeriod) => void }) {
  const today = todayIso();
  const [value, setValue] = useState<[string | null, string | null]>([period.from, period.to]);
  const [shown, setShown] = useState(period);
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period);
    setValue([period.from, period.to]);
  }
  const preset = presetOf(period, today);
  return (
    <Stack gap="xs">
      <DatePickerInput
        type="range"
        label="Periodo"
        leftSection={<IconCalendarEvent size={16} aria-hidden />}
        value={value}
        onChange={(v) => {
          const next: [string | null, string | null] = [v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null];
          setValue(next);
          if (next[0] && next[1]) onChange({ from: next[0].slice(0, 10), to: next[1].slice(0, 10) });
        }}
        allowSingleDateInRange
        firstDayOfWeek={1}
        valueFormatter={({ date }) => {
          const [a, b] = Array.isArray(date) ? date : [date, null];
          if (!a) return '';
          const first = day(String(a).slice(0, 10));
          const last = b ? day(String(b).slice(0, 10)) : '';
          return last && last !== first ? `${first} – ${last}` : first;
        }}
        ariaLabels={{ nextMonth: 'Mes siguiente', previousMonth: 'Mes anterior' }}
        // Mantine leaves the focus nowhere when the calendar closes (returnFocus: false): back on the field.
        popoverProps={{ returnFocus: true }}
        getDayProps={(date) => ({ 'aria-label': day(String(date).slice(0, 10)) })}
        w={{ base: '100%', sm: 340 }}
      />
      <Chip.Group
        multiple={false}
        value={preset ?? ''}
        onChange={(v) => v && onChange(presetPeriod(v as TPresetId, today))}
      >
        <Group gap={6} role="group" aria-label="Periodos rápidos">
          {(Object.keys(PRESET_LABELS) as TPresetId[]).map((id) => (
            <Chip key={id} value={id} size="xs" variant="outline">
              {PRESET_LABELS[id]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

const EXPORTS = {
  csv: { label: 'Exportar CSV', icon: IconFileTypeCsv },
  xlsx: { label: 'Exportar Excel', icon: IconFileSpreadsheet },
} as const;

/**
 * «Exportar CSV» / «Exportar Excel». While the file is made the button spins but stays enabled (a
 * second press is ignored): Mantine's `loading` disables it, and a disabled button drops the focus
 * of whoever pressed it with the keyboard (WCAG 2.4.3, 2.4.7).
 */
function ExportButton({
  format,
  exporting,
  disabled,
  onExport,
}: {
  format: 'csv' | 'xlsx';
  exporting: 'csv' | 'xlsx' | null;
  disabled: boolean;
  onExport: (format: 'csv' | 'xlsx') => void;
}) {
  const { label, icon: Icon } = EXPORTS[format];
  const busy = exporting === format;
  return (
    <Button
      variant="default"
      leftSection={busy ? <Loader size={16} color="currentColor" aria-hidden /> : <Icon size={16} aria-hidden />}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={() => {
        if (!exporting) onExport(format);
      }}
    >
      {label}
    </Button>
  );
}

export function ReportsScreen() {
  const [params, setParams] = useSearchParams();
  const roles = getRoles();
  const isSeller = !roles.some((l) => l === LEVEL.ADMIN || l === 1);
  const level = roles.some((l) => l === LEVEL.ADMIN) ? LEVEL.ADMIN : isSeller ? LEVEL.SELLER : 1;
  const kinds = (Object.keys(REPORT_TITLES) as TReportKind[]).filter((k) => REPORT_ACCESS[k].includes(level));

  const today = todayIso();
  const period = periodFromUrl(params.get('from'), params.get('to'), today);
  const tab = oneOf(kinds, params.get('tab'), 'sales');
  const groups: readonly TReportGroup[] = isSeller ? SELLER_GROUPS : REPORT_GROUPS;
  const group = oneOf(groups, params.get('group_by'), 'day');
  const basis = oneOf(REPORT_BASES, params.get('basis'), 'sale');
  const taxBasis = oneOf(REPORT_BASES, params.get('tax_basis'), 'service');
  const problem = periodProblem(period);
  const isAdmin = level === LEVEL.ADMIN;
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorId = isAdmin ? (params.get('tour_operator_id') ?? undefined) : undefined;
  const scope = operatorId ? { ...period, tour_operator_id: operatorId } : period;

  // The page of the occupancy report's departures: any other change starts again at the first.
  const departuresPage = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const set = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (!('page' in next)) p.delete('page');
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      // A filter of this screen, not a new screen: the focus stays on the control that changed it
      // (RootLayout otherwise moves it to the heading and scrolls to the top).
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );

  const ok = !problem;
  const sales = useSalesReport({ ...scope, group_by: group, basis }, ok && tab === 'sales');
  const occupancy = useOccupancyReport(
    departuresPage > 1 ? { ...scope, page: String(departuresPage) } : scope,
    ok && tab === 'occupancy',
  );
  // A page past the last (a shorter period, a shared link): the last page instead of an empty list.
  const occupancyData = occupancy.data;
  const lastPage = occupancyData ? Math.max(1, Math.ceil(occupancyData.totals.departures / occupancyData.per_page)) : 1;
  useEffect(() => {
    if (!occupancyData || departuresPage <= lastPage) return;
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (lastPage > 1) p.set('page', String(lastPage));
        else p.delete('page');
        return p;
      },
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );
  }, [occupancyData, departuresPage, lastPage, setParams]);
  const cancellations = useCancellationsReport(scope, ok && tab === 'cancellations');
  const taxes = useTaxesReport({ ...scope, basis: taxBasis }, ok && tab === 'taxes');
  const current = { sales, occupancy, cancellations, taxes }[tab];

  const query: Record<TReportKind, Record<string, string>> = {
    sales: { ...scope, group_by: group, basis },
    occupancy: { ...scope },
    cancellations: { ...scope },
    taxes: { ...scope, basis: taxBasis },
  };
  const exporter = useReportExport();
  const exportAs = (format: 'csv' | 'xlsx') =>
    exporter.run(tab, format, `?${reportQueryString(query[tab])}`, period.from, period.to);

  return (
    <Stack gap="md">
      <PageHeader
        title={isSeller ? 'Mis ventas' : 'Informes'}
        description={
          isSeller
            ? 'Tus ventas y cancelaciones de cualquier periodo, en la zona horaria de tu tour operador.'
            : 'Ventas, ocupación, cancelaciones e impuestos de cualquier periodo, en la zona horaria del tour operador.'
        }
        actions={
          <>
            <ExportButton format="csv" exporting={exporter.exporting} disabled={!ok} onExport={exportAs} />
            <ExportButton format="xlsx" exporting={exporter.exporting} disabled={!ok} onExport={exportAs} />
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <PeriodPicker period={period} onChange={(p) => set({ from: p.from, to: p.to })} />
          {isAdmin ? (
            <Select
              label="Tour operador"
              placeholder="Todos los tour operadores"
              data={operators.data ?? []}
              value={operatorId ?? null}
              onChange={(v) => set({ tour_operator_id: v })}
              clearable
              searchable
              w={{ base: '100%', sm: 280 }}
            />
          ) : null}
        </Group>
      </Paper>
      {problem ? (
        <Alert color="red" title="Periodo no válido">
          {problem}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(v) => v && set({ tab: v === 'sales' ? null : v })} keepMounted={false}>
        <Tabs.List aria-label="Informes">
          {kinds.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {REPORT_TITLES[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {kinds.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            {current.isError ? (
              <LoadErrorAlert
                title="No se ha podido cargar el informe"
                message={current.error instanceof Error ? current.error.message : undefined}
                onRetry={() => current.refetch()}
                retrying={current.isFetching}
              />
            ) : current.isPending && ok ? (
              <Stack gap="sm" aria-busy="true">
                <Skeleton h={36} />
                <Skeleton h={220} />
                <Skeleton h={36} />
              </Stack>
            ) : k === 'sales' ? (
              <SalesReport
                data={sales.data}
                group={group}
                basis={basis}
                isSeller={isSeller}
                onChange={(n) => set({ group_by: n.group_by ?? group, basis: n.basis ?? basis })}
              />
            ) : k === 'occupancy' ? (
              <OccupancyReport data={occupancy.data} onPage={(page) => set({ page: page > 1 ? String(page) : null })} />
            ) : k === 'cancellations' ? (
              <CancellationsReport data={cancellations.data} />
            ) : (
              <TaxesReport data={taxes.data} basis={taxBasis} onBasis={(b: TReportBasis) => set({ tax_basis: b })} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
