import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import {
  formatCents,
  PERSON_ROLE_NAMES,
  pathTo,
  type TPersonRole,
  type TSheetResponse,
  type TSheetSummary,
  type TVehicleType,
  VEHICLE_TYPE_NAMES,
} from '@trayecto/shared';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDay, todayIso } from '../../../lib/dates';
import { useTimes } from '../../../lib/time-zone';
import { useScheduleSheetDetails } from '../api/get-schedule-sheet';
import { sheetStateName } from '../utils/sheet-states';
import { endTime, formatLongDay, paxLabel, routeRows, seatsLabel } from '../utils/sheet-view';
import classes from './print.module.css';
import { SheetAnswers } from './sheet-answers';

/** While a print view is on screen, printing leaves the app's header and menu out. */
function usePrintMode(title: string, ready: boolean, autoPrint: boolean) {
  const printed = useRef(false);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('sheet-print-view');
    return () => root.classList.remove('sheet-print-view');
  }, []);
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
  useEffect(() => {
    if (!ready || !autoPrint || printed.current) return;
    printed.current = true;
    const t = window.setTimeout(() => window.print(), 250);
    return () => window.clearTimeout(t);
  }, [ready, autoPrint]);
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={classes.fact}>
      <div className={classes.factLabel}>{label}</div>
      <div className={classes.factValue}>{children || '—'}</div>
    </div>
  );
}

const person = (p: { full_name: string; phone: string } | null) =>
  p ? [p.full_name, p.phone].filter(Boolean).join(' · ') : '';

/**
 * One printed sheet (A4): what Spain's coach "libro de ruta" asks for — company (name, legal name,
 * CIF), vehicle plate and transport authorisation, driver, guide, origin, destination, date and
 * time, the stops with times and pax — and the passenger list with a column to sign.
 */
export function PrintedSheet({ sheet: s }: { sheet: TSheetResponse }) {
  const rows = routeRows(s.stops);
  const times = useTimes(s.timezone);
  const vehicle = s.vehicle_detail;
  const vehicleType = vehicle ? (VEHICLE_TYPE_NAMES[vehicle.type as TVehicleType] ?? vehicle.type) : '';
  return (
    <article className={classes.page} aria-label={`Hoja impresa: ${s.product.name}, ${formatDay(s.date)} ${s.time}`}>
      <header className={classes.head}>
        <div>
          <div className={classes.company}>{s.company.name}</div>
          {s.company.legal_name ? <div>{s.company.legal_name}</div> : null}
          <div className={classes.small}>
            {s.company.tax_id ? `CIF ${s.company.tax_id}` : ''}
            {s.company.phone ? ` · Tel. ${s.company.phone}` : ''}
          </div>
          {s.company.address ? <div className={classes.small}>{s.company.address}</div> : null}
        </div>
        <div className={classes.docTitle}>
          <div className={classes.docKind}>Hoja de servicio · Libro de ruta</div>
          <div className={classes.product}>{s.product.name}</div>
          <div>
            <strong>{formatLongDay(s.date)}</strong>
          </div>
          <div>
            {s.time}–{endTime(s.time, s.product.duration_minutes)} · {sheetStateName(s.state)}
          </div>
        </div>
      </header>

      <section className={classes.facts} aria-label="Datos del servicio">
        <Fact label="Vehículo (matrícula)">
          {vehicle
            ? `${vehicle.plate}${vehicleType ? ` · ${vehicleType}` : ''}${vehicle.model ? ` · ${vehicle.model}` : ''}`
            : ''}
        </Fact>
        <Fact label="Nº autorización de transporte">{vehicle?.transport_authorization}</Fact>
        <Fact label="Conductor">
          {person(s.driver) ||
            s.persons
              .filter((p) => p.role === 'driver')
              .map((p) => person(p))
              .join(', ')}
        </Fact>
        <Fact label="Guía">
          {person(s.guide) ||
            s.persons
              .filter((p) => p.role === 'guide')
              .map((p) => person(p))
              .join(', ')}
        </Fact>
        <Fact label="Origen">{s.origin}</Fact>
        <Fact label="Destino">{s.destination}</Fact>
        <Fact label="Fecha y hora de salida">
          {formatDay(s.date)} · {s.time}
        </Fact>
        <Fact label="Nº de pasajeros">
          {paxLabel(s.pax)} en {s.bookings_count} {s.bookings_count === 1 ? 'reserva' : 'reservas'}
          {s.vehicle ? ` · ocupan ${seatsLabel(s.seats)} de ${s.vehicle.seats}` : ''}
        </Fact>
        {s.persons.length > 0 ? (
          <Fact label="Personal de apoyo">
            {s.persons.map((p) => `${p.full_name} (${PERSON_ROLE_NAMES[p.role as TPersonRole] ?? p.role})`).join(', ')}
          </Fact>
        ) : null}
        {s.meeting_point ? <Fact label="Punto de encuentro">{s.meeting_point}</Fact> : null}
      </section>

      <h2 className={classes.section}>Paradas</h2>
      <div className={classes.tableScroll}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th className={classes.center}>#</th>
              <th>Hora</th>
              <th>Parada</th>
              <th>Zona</th>
              <th className={classes.right}>Pax</th>
              <th className={classes.right}>A bordo</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <td className={classes.center}>{r.n}</td>
                <td className={classes.right}>{r.time}</td>
                <td>
                  <strong>{r.place}</strong>
                  {r.point ? ` — ${r.point}` : ''}
                  {r.time === '—' ? <strong className={classes.noTime}> · Sin hora de recogida</strong> : null}
                </td>
                <td>{r.zone}</td>
                <td className={classes.right}>{r.pax}</td>
                <td className={classes.right}>{r.runningPax}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6}>Sin paradas</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <h2 className={classes.section}>Pasajeros</h2>
      <div className={classes.tableScroll}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th>Localizador</th>
              <th>Cliente</th>
              <th>Teléfono</th>
              <th>Recogida</th>
              <th className={classes.right}>Pax</th>
              <th className={classes.right}>Pendiente</th>
              <th className={classes.center}>Embarque</th>
              <th className={classes.signatureCell}>Firma</th>
            </tr>
          </thead>
          <tbody>
            {s.passengers.map((p) => (
              <tr key={p.booking_id}>
                <td style={{ whiteSpace: 'nowrap' }}>
                  {p.locator}
                  {p.sales_channel ? (
                    // The reseller's voucher carries its own reference (ADR 023).
                    <div className={classes.small}>
                      {p.sales_channel}
                      {p.reseller_reference ? ` · ${p.reseller_reference}` : ''}
                    </div>
                  ) : null}
                </td>
                <td>
                  {p.customer_name}
                  {p.notes ? <div className={classes.small}>{p.notes}</div> : null}
                  <SheetAnswers p={p} print />
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>{p.customer_phone}</td>
                <td>
                  {[
                    p.pickup_place ? (p.pickup_time ?? '—') : p.pickup_time,
                    p.pickup_place,
                    p.room ? `hab. ${p.room}` : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </td>
                <td className={classes.right}>{p.pax_total}</td>
                <td className={classes.right}>{p.pending_cents > 0 ? formatCents(p.pending_cents) : ''}</td>
                <td className={classes.center}>{p.checked_in_at ? '✔' : <span className={classes.box} />}</td>
                <td className={classes.signatureCell} />
              </tr>
            ))}
            {s.passengers.length === 0 ? (
              <tr>
                <td colSpan={8}>Sin pasajeros</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      {s.warnings.length > 0 ? (
        <>
          <h2 className={classes.section}>Avisos</h2>
          <ul className={classes.warnings}>
            {s.warnings.map((w) => (
              <li key={`${w.kind}-${w.message}`}>{w.message}</li>
            ))}
          </ul>
        </>
      ) : null}

      {s.notes ? (
        <>
          <h2 className={classes.section}>Notas</h2>
          <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{s.notes}</p>
        </>
      ) : null}

      <div className={classes.signatures}>
        <div className={classes.signature}>Firma del conductor</div>
        <div className={classes.signature}>Firma del guía</div>
      </div>
      <footer className={classes.footer}>
        <span>
          {s.company.name} · {s.product.code}
        </span>
        <span>Impreso el {times.withZone(times.dateTime(new Date()))}</span>
      </footer>
    </article>
  );
}

function PrintToolbar({ back, label, disabled }: { back: string; label: string; disabled?: boolean }) {
  return (
    <Group className={classes.toolbar} justify="space-between" wrap="wrap">
      <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {label}
      </Button>
      <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} disabled={disabled}>
        Imprimir
      </Button>
    </Group>
  );
}

/** /schedule-sheets/{id}?print=1: the sheet as it prints (the print dialog opens on the way in). */
export function PrintSheetView({ sheet }: { sheet: TSheetResponse }) {
  const location = useLocation();
  const autoPrint = (location.state as { autoPrint?: boolean } | null)?.autoPrint === true;
  usePrintMode(`Hoja de servicio ${sheet.product.name} ${sheet.date} ${sheet.time.replace(':', 'h')}`, true, autoPrint);
  return (
    <div>
      <div className={classes.toolbar}>
        <PageHeader title="Imprimir hoja" description="Vista de impresión en A4: así sale en papel." />
        <PrintToolbar back={pathTo('scheduleEdit', { id: sheet.id })} label="Volver a la hoja" />
      </div>
      <div className={classes.pages}>
        <PrintedSheet sheet={sheet} />
      </div>
    </div>
  );
}

/** /schedule-sheets?date=…&print=1: every sheet of the day, one A4 page each. */
export function PrintDayView({
  date,
  sheets,
  loading,
}: {
  date: string;
  sheets: readonly TSheetSummary[];
  loading: boolean;
}) {
  const location = useLocation();
  const details = useScheduleSheetDetails(sheets.map((s) => s.id));
  const ready = !loading && details.every((d) => d.data);
  const failed = details.find((d) => d.isError);
  usePrintMode(
    `Hojas de servicio ${date}`,
    ready,
    (location.state as { autoPrint?: boolean } | null)?.autoPrint === true,
  );
  const back = date === todayIso() ? pathTo('scheduleSheetsIndex') : `${pathTo('scheduleSheetsIndex')}?date=${date}`;
  return (
    <div>
      <div className={classes.toolbar}>
        <PageHeader title="Imprimir hojas del día" description={`${formatDay(date)}: una página A4 por hoja.`} />
        <PrintToolbar back={back} label="Volver a las hojas" disabled={!ready} />
      </div>
      {failed ? (
        <Alert color="red" variant="light" title="No se han podido cargar todas las hojas">
          {failed.error?.message}
        </Alert>
      ) : null}
      {!ready ? (
        <Stack align="center" py="xl">
          <Loader aria-label="Preparando las hojas" />
          <Text c="dimmed" size="sm">
            Preparando las hojas…
          </Text>
        </Stack>
      ) : sheets.length === 0 ? (
        <Text c="dimmed">No hay hojas este día.</Text>
      ) : (
        <div className={classes.pages}>
          {details.map((d) => (d.data ? <PrintedSheet key={d.data.id} sheet={d.data} /> : null))}
        </div>
      )}
    </div>
  );
}
