import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAuditEntryResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { setViewerZone } from '../../../lib/time-zone';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { AuditLogScreen } from './audit-log-screen';
import { AuditTrail } from './audit-trail';

const OP = '11111111-2222-4333-8444-555555555555';
const BOOKING = '22222222-2222-4333-8444-555555555555';
const entry = (over: Partial<TAuditEntryResponse>): TAuditEntryResponse => ({
  id: crypto.randomUUID(),
  tour_operator_id: OP,
  timezone: 'Atlantic/Canary',
  actor_id: 'u1',
  actor_kind: 'staff',
  actor_label: 'Carmen Díaz <gerencia@teide.demo>',
  entity_type: 'booking',
  entity_id: BOOKING,
  action: 'update',
  changes: { state: ['pending', 'confirmed'], room: ['', '214'] },
  summary: 'TRY-ABC123 · Lucía Pérez',
  request_id: 'req-1',
  ip: '127.0.0.1',
  created_at: '2026-11-22T08:05:09Z',
  ...over,
});
const rows = [
  entry({}),
  entry({
    actor_kind: 'customer',
    actor_id: null,
    actor_label: 'Hans Müller',
    action: 'cancel',
    changes: { state: ['confirmed', 'cancelled'] },
    summary: 'TRY-XYZ999 · Hans Müller',
  }),
];

const loginAs = (level: number) =>
  saveSession(fakeJwt({ sub: `u-${level}`, level, tour_operator_id: level ? OP : null, ver: 1 }), {
    id: `u-${level}`,
    name: 'Ana García',
    level,
  });

let fetchMock: ReturnType<typeof vi.fn>;
let status = 200;
beforeEach(() => {
  status = 200;
  fetchMock = vi.fn(async (url: string) => {
    const body = String(url).includes('/tour-operators') ? [{ id: OP, name: 'Teide Aventura', state: 1 }] : rows;
    return new Response(JSON.stringify(status === 200 ? body : { message: 'Error' }), {
      status,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(body.length) },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setViewerZone(null);
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1' },
  });

const auditCalls = () => fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/audit-log'));

// A whole list screen in happy-dom on a shared, busy machine: more than the default 5 s.
describe('Registro de actividad', { timeout: 20_000 }, () => {
  it('who, what (linked), the action and the changes as "campo: antes → después", newest first', async () => {
    loginAs(0);
    renderRoutes([{ path: '/audit-log', element: <AuditLogScreen /> }], '/audit-log');
    const row = await screen.findByRole('row', { name: /TRY-ABC123/ });
    expect(within(row).getByText('Carmen Díaz')).toBeInTheDocument();
    expect(within(row).getByText('gerencia@teide.demo')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'TRY-ABC123 · Lucía Pérez' })).toHaveAttribute(
      'href',
      `/booking/edit/${BOOKING}`,
    );
    expect(within(row).getByText('Modificación')).toBeInTheDocument();
    expect(within(row).getByRole('list', { name: 'Cambios' })).toHaveTextContent('Estado: Pendiente → Confirmada');
    expect(within(row).getByRole('list', { name: 'Cambios' })).toHaveTextContent('Habitación: — → 214');
    const customer = screen.getByRole('row', { name: /TRY-XYZ999/ });
    expect(within(customer).getByText('Cliente')).toBeInTheDocument();
    expect(within(customer).getByText('Cancelación')).toBeInTheDocument();
    expect(auditCalls()[0]).toContain('sort=-created_at');
    // The administrator filters by operator too.
    expect(screen.getAllByLabelText('Tour operador').length).toBeGreaterThan(0);
    // …and reads each entry's time in its operator's zone, which the row names (issue 12).
    expect(within(row).getByText(/22\/11\/2026 08:05:09/)).toBeInTheDocument();
    expect(within(row).getByText('hora de Canarias')).toBeInTheDocument();
  });

  it("issue 12: an entry's time is its operator's wall clock, whatever the browser's zone", async () => {
    loginAs(1);
    // 01:44 UTC in July: 02:44 in Tenerife (03:44 in Madrid, 01:44 in this test's browser).
    fetchMock.mockImplementation(async () => json([entry({ created_at: '2026-07-15T01:44:00Z' })]));
    renderRoutes([{ path: '/audit-log', element: <AuditLogScreen /> }], '/audit-log');
    const row = await screen.findByRole('row', { name: /TRY-ABC123/ });
    expect(within(row).getByText('15/07/2026 02:44:00')).toBeInTheDocument();
    // An operator's own staff read only their zone: nothing to name.
    expect(within(row).queryByText('hora de Canarias')).toBeNull();
  });

  it('filters from the URL reach the API as field[op]=value; the day range covers whole days', async () => {
    loginAs(1);
    setViewerZone('Atlantic/Canary');
    renderRoutes(
      [{ path: '/audit-log', element: <AuditLogScreen /> }],
      '/audit-log?entity_type=user&action=state,role&from=2026-07-01&to=2026-07-02&q=ana',
    );
    await waitFor(() => expect(auditCalls().length).toBeGreaterThan(0));
    const url = decodeURIComponent(auditCalls()[0]);
    expect(url).toContain('entity_type[eq]=user');
    expect(url).toContain('action[in]=state,role');
    // Whole days of the operator's zone (Tenerife, UTC+1 in summer), not of the browser.
    expect(url).toContain('created_at[gte]=2026-06-30T23:00:00.000Z');
    expect(url).toContain('created_at[lt]=2026-07-02T23:00:00.000Z');
    expect(url).toContain('q=ana');
    // An operator's admin sees its own operator only: no operator filter.
    expect(screen.queryByLabelText('Tour operador')).toBeNull();
  });
});

describe('Registro de actividad: pages of a long log (ADR 027, ADR 028)', { timeout: 20_000 }, () => {
  /** A log of more than 10,000 entries: the API's capped count, and each page's cursor of the next. */
  const longLog = () =>
    fetchMock.mockImplementation(async (url: string) => {
      const u = new URL(String(url), 'http://localhost');
      if (u.pathname.includes('/tour-operators')) return json([]);
      const cursor = u.searchParams.get('cursor');
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'X-Next-Cursor': cursor ? `${cursor}x` : 'c',
      };
      // Cursor pages carry no count (the first page gave it).
      if (!cursor) Object.assign(headers, { 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' });
      return new Response(JSON.stringify(rows), { status: 200, headers });
    });

  it('«Página siguiente» reads after the cursor the page before gave, and keeps «más de 10.000»', async () => {
    loginAs(1);
    longLog();
    renderRoutes([{ path: '/audit-log', element: <AuditLogScreen /> }], '/audit-log');
    expect(await screen.findByText('1–50 de más de 10.000 entradas')).toBeInTheDocument();
    expect(auditCalls()).toHaveLength(1);
    expect(auditCalls()[0]).not.toContain('cursor=');

    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('51–100 de más de 10.000 entradas')).toBeInTheDocument();
    const second = new URL(auditCalls()[1], 'http://localhost').searchParams;
    expect(second.get('cursor')).toBe('c');
    expect(second.get('page')).toBeNull();
    expect(second.get('sort')).toBe('-created_at');
    expect(second.get('per_page')).toBe('50');

    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('101–150 de más de 10.000 entradas')).toBeInTheDocument();
    expect(new URL(auditCalls()[2], 'http://localhost').searchParams.get('cursor')).toBe('cx');
    // Back is the page already read (and, read again, it would follow the first page's cursor).
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('51–100 de más de 10.000 entradas')).toBeInTheDocument();
    for (const call of auditCalls().slice(3)) expect(call).toContain('cursor=c&');
  });

  it('a page opened by its number (a bookmark, a jump) asks for that page number, with the filters', async () => {
    loginAs(1);
    longLog();
    renderRoutes([{ path: '/audit-log', element: <AuditLogScreen /> }], '/audit-log?page=5&entity_type=booking');
    expect(await screen.findByText('201–250 de más de 10.000 entradas')).toBeInTheDocument();
    const first = new URL(auditCalls()[0], 'http://localhost').searchParams;
    expect(first.get('page')).toBe('5');
    expect(first.get('cursor')).toBeNull();
    // From there "Página siguiente" follows page 5's cursor, filters kept.
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('251–300 de más de 10.000 entradas')).toBeInTheDocument();
    const next = new URL(auditCalls()[1], 'http://localhost').searchParams;
    expect(next.get('cursor')).toBe('c');
    expect(next.get('entity_type[eq]')).toBe('booking');
    expect(next.get('page')).toBeNull();
  });
});

describe('<AuditTrail />', { timeout: 20_000 }, () => {
  const renderTrail = () =>
    renderRoutes([{ path: '/x', element: <AuditTrail entityType="booking" entityId={BOOKING} /> }], '/x');

  it("a record's changes, newest first, for levels 0 and 1", async () => {
    loginAs(1);
    renderTrail();
    expect(await screen.findByRole('heading', { name: 'Actividad' })).toBeInTheDocument();
    const changes = await screen.findAllByRole('list', { name: 'Cambios' });
    expect(changes[0]).toHaveTextContent('Estado: Pendiente → Confirmada');
    expect(changes[1]).toHaveTextContent('Estado: Confirmada → Cancelada');
    expect(screen.getByText(/Carmen Díaz/)).toBeInTheDocument();
    expect(screen.getByText(/Hans Müller \(cliente\)/)).toBeInTheDocument();
    expect(decodeURIComponent(auditCalls()[0])).toContain(`entity_type[eq]=booking&entity_id[eq]=${BOOKING}`);
  });

  it('nothing at all, and no request, for levels 2 to 5', async () => {
    for (const level of [2, 3, 4, 5]) {
      loginAs(level);
      const { unmount } = renderTrail();
      expect(screen.queryByRole('heading', { name: 'Actividad' })).toBeNull();
      unmount();
    }
    expect(auditCalls()).toEqual([]);
  });

  it('a failing log shows nothing rather than an error on the record screen', async () => {
    status = 500;
    loginAs(0);
    const { container } = renderTrail();
    await waitFor(() => expect(auditCalls().length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Actividad' })).toBeNull());
    expect(container.textContent).not.toMatch(/error/i);
  });
});
