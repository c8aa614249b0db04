import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MESSAGE_SKIP_REASON,
  MSG,
  type TMessageDetailResponse,
  type TMessageResponse,
  type TMessageSettingsResponse,
} from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { setViewerZone } from '../../../lib/time-zone';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { aMessage, BOOKING, OP } from '../test-fixtures';
import { MessagesScreen } from './messages-screen';

const M1 = '33333333-2222-4333-8444-555555555555';
const M2 = '44444444-2222-4333-8444-555555555555';

const message = (over: Partial<TMessageResponse>) =>
  aMessage({
    id: M1,
    subject: 'Reserva confirmada: Subida al Teide (TRY-ABC123)',
    preview: 'Hola, Lucía: tu reserva está confirmada.',
    ...over,
  });
const ROWS = [
  message({}),
  message({
    id: M2,
    kind: 'booking_changed',
    state: 'skipped',
    recipient: '',
    recipient_name: 'Hans Müller',
    last_error: MESSAGE_SKIP_REASON.noEmail,
    subject: 'Cambios en tu reserva',
    preview: '',
    attempts: 0,
    sent_at: null,
  }),
];
const DETAIL: TMessageDetailResponse = {
  ...ROWS[0],
  html: '<html><body><p>Hola, Lucía</p><script>parent.alert(1)</script></body></html>',
  text: 'Hola, Lucía:\n\nTu reserva está confirmada.',
  response_excerpt: null,
  can_resend: true,
};
const SETTINGS: TMessageSettingsResponse = {
  tour_operator_id: OP,
  sender_name: '',
  reply_to: '',
  reminder_time: '18:00',
  enabled_kinds: ['booking_confirmed', 'booking_reminder', 'payment_received'],
  default_sender_name: 'Teide Aventura',
  default_reply_to: 'reservas@teideaventura.demo',
  smtp_configured: false,
};
const ME = (level: number) => ({
  id: `u-${level}`,
  full_name: 'Carmen Díaz',
  email: 'gerencia@teideaventura.demo',
  phone: '',
  level,
  state: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  tour_operator: level ? { id: OP, name: 'Teide Aventura', timezone: 'Atlantic/Canary' } : null,
  tour_operator_id: level ? OP : null,
  address: '',
  lat_lng: '',
});

const json = (status: number, body: unknown, total?: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      ...(total === undefined ? {} : { 'X-Total-Count': String(total) }),
    },
  });

type TCall = { method: string; url: string; body: unknown };
let calls: TCall[];
let answers: Record<string, (body: unknown, url: string) => Response>;
let level = 1;

const loginAs = (l: number) => {
  level = l;
  saveSession(fakeJwt({ sub: `u-${l}`, level: l, tour_operator_id: l ? OP : null, ver: 1 }), {
    id: `u-${l}`,
    name: 'Carmen Díaz',
    level: l,
  });
};

beforeEach(() => {
  calls = [];
  answers = {
    'GET /api/v1/auth/me': () => json(200, ME(level)),
    'GET /api/v1/auth/me/preferences': () => json(200, { columns: {} }),
    'GET /api/v1/messages': () => json(200, ROWS, ROWS.length),
    [`GET /api/v1/messages/${M1}`]: () => json(200, DETAIL),
    [`POST /api/v1/messages/${M1}/resend`]: () =>
      json(409, { code: 'STATE_CONFLICT', message: 'Este tipo de mensaje está desactivado en los ajustes' }),
    [`GET /api/v1/tour-operators/${OP}/message-settings`]: () => json(200, SETTINGS),
    [`PUT /api/v1/tour-operators/${OP}/message-settings`]: (body) => json(200, { ...SETTINGS, ...(body as object) }),
    'GET /api/v1/tour-operators': () => json(200, [{ id: OP, name: 'Teide Aventura', state: 1 }], 1),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: String(url), body });
      const answer = answers[`${method} ${String(url).split('?')[0]}`];
      return answer ? answer(body, String(url)) : json(404, { message: 'No encontrado' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setViewerZone(null);
});

const renderScreen = (path = '/messages') => renderRoutes([{ path: '/messages', element: <MessagesScreen /> }], path);
const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === '/api/v1/messages');

// A whole screen in happy-dom on a shared, busy machine: more than the default 5 s.
describe('"Mensajes": Bandeja', { timeout: 20_000 }, () => {
  it('each message: when, kind, channel, recipient, subject with its preview, booking link, state and why', async () => {
    loginAs(1);
    renderScreen();
    const row = await screen.findByRole('row', { name: /Lucía Pérez.*TRY-ABC123/ });
    expect(within(row).getByText('Reserva confirmada')).toBeInTheDocument();
    expect(within(row).getByText('Correo')).toBeInTheDocument();
    expect(within(row).getByText('Hola, Lucía: tu reserva está confirmada.')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'TRY-ABC123' })).toHaveAttribute('href', `/booking/edit/${BOOKING}`);
    expect(within(row).getByText('Enviado')).toBeInTheDocument();
    // 08:05 UTC is 08:05 in Tenerife in November; the operator's own staff are not told the zone.
    expect(within(row).getByText('08:05')).toBeInTheDocument();
    const skipped = screen.getByRole('row', { name: /Reserva modificada/ });
    expect(within(skipped).getByText('No enviado')).toBeInTheDocument();
    expect(within(skipped).getByText(MESSAGE_SKIP_REASON.noEmail)).toBeInTheDocument();
    expect(listCalls()[0].url).toContain('sort=-created_at');
    // Without SMTP_URL the screen says so plainly.
    expect(await screen.findByText(/no tiene configurado el correo saliente \(SMTP_URL\)/)).toBeInTheDocument();
    // Only the administrator filters by operator.
    expect(screen.queryByRole('textbox', { name: 'Tour operador' })).toBeNull();
  });

  it('the filters of the URL reach the API as field[op]=value', async () => {
    loginAs(3);
    renderScreen(`/messages?state=failed,skipped&kind=booking_reminder&channel=email&booking_id=${BOOKING}&q=lucia`);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const url = decodeURIComponent(listCalls()[0].url);
    expect(url).toContain('state[in]=failed,skipped');
    expect(url).toContain('kind[eq]=booking_reminder');
    expect(url).toContain('channel[eq]=email');
    expect(url).toContain(`booking_id[eq]=${BOOKING}`);
    expect(url).toContain('q=lucia');
  });

  it('an empty outbox says what will appear; a filtered one offers to clear the filters', async () => {
    loginAs(1);
    answers['GET /api/v1/messages'] = () => json(200, [], 0);
    const { unmount } = renderScreen();
    expect(await screen.findByText('Aún no hay mensajes')).toBeInTheDocument();
    unmount();
    renderScreen('/messages?state=failed');
    expect(await screen.findByText('Ningún mensaje coincide con los filtros')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Limpiar filtros' }).length).toBeGreaterThan(0);
  });

  it('a failing list says so and offers to retry', async () => {
    loginAs(1);
    answers['GET /api/v1/messages'] = () => json(500, { message: 'Error' });
    renderScreen();
    expect(await screen.findByText('No se han podido cargar los mensajes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('a message opens in a drawer: the e-mail in a sandboxed frame, its text, and "Reenviar" with the API\'s refusal', async () => {
    loginAs(1);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: /Reserva confirmada: Subida al Teide/ }));
    const drawer = await screen.findByRole('dialog');
    const frame = await within(drawer).findByTitle(/Contenido del correo/);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Hola, Lucía');
    expect(within(drawer).getByText('lucia@example.com')).toBeInTheDocument();
    expect(within(drawer).getByText('Sistema', { exact: true })).toBeInTheDocument();
    // Issue 15: the language the customer reads it in.
    expect(within(drawer).getByText('Español')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Texto' }));
    expect(await within(drawer).findByText(/Tu reserva está confirmada\./)).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Reenviar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reenviar el mensaje' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reenviar' }));
    expect(await within(drawer).findByText('Este tipo de mensaje está desactivado en los ajustes')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/v1/messages/${M1}/resend`)).toBe(true);
  });

  it('a webhook delivery opens with its URL, event, JSON body and last answer (issue 31)', async () => {
    const W = '44444444-2222-4333-8444-555555555555';
    const body = JSON.stringify({ id: W, event: 'booking.confirmed', data: { locator: 'TRY-ABC123' } });
    const hook = aMessage({
      id: W,
      kind: 'webhook_event',
      channel: 'webhook',
      state: 'queued',
      recipient: 'https://canal.example/eventos',
      recipient_name: 'Viajes Sol',
      subject: 'booking.confirmed',
      preview: body.slice(0, 60),
      attempts: 1,
      last_error: 'HTTP 503: mantenimiento',
      response_status: 503,
      sent_at: null,
    });
    answers['GET /api/v1/messages'] = () => json(200, [hook], 1);
    answers[`GET /api/v1/messages/${W}`] = () =>
      json(200, { ...hook, html: '', text: body, response_excerpt: 'mantenimiento', can_resend: false });
    loginAs(1);
    renderScreen('/messages?channel=webhook');
    const row = await screen.findByRole('row', { name: /Viajes Sol/ });
    expect(within(row).getByText('Webhook')).toBeInTheDocument();
    expect(within(row).getByText('https://canal.example/eventos')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: /booking\.confirmed/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Dirección (URL)')).toBeInTheDocument();
    expect(within(drawer).getByText('Evento')).toBeInTheDocument();
    expect(within(drawer).getByText('HTTP 503 · mantenimiento')).toBeInTheDocument();
    expect(within(drawer).getByText(/"locator": "TRY-ABC123"/)).toBeInTheDocument();
    expect(within(drawer).queryByTitle(/Contenido del correo/)).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Reenviar' })).toBeNull();
    expect(
      listCalls().some((c) => c.url.includes('channel%5Beq%5D=webhook') || c.url.includes('channel[eq]=webhook')),
    ).toBe(true);
  });

  it('"Exportar CSV" asks the server for the list with its filters', async () => {
    const exportCalls: string[] = [];
    answers['GET /api/v1/messages/export.csv'] = (_b, url) => {
      exportCalls.push(url);
      return new Response('\uFEFFFecha y hora;Canal\r\n22/11/2026 08:05;Correo\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="mensajes-2026-11-22.csv"',
        },
      });
    };
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    loginAs(1);
    renderScreen('/messages?state=failed');
    await screen.findByRole('row', { name: /Lucía Pérez/ });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(exportCalls).toHaveLength(1));
    expect(decodeURIComponent(exportCalls[0])).toContain('state[in]=failed');
    expect(exportCalls[0]).not.toMatch(/[?&]page=/);
  });

  it("the administrator reads every operator: the operator filter and each time's zone", async () => {
    loginAs(0);
    renderScreen();
    const row = await screen.findByRole('row', { name: /Lucía Pérez/ });
    expect(within(row).getByText('hora de Canarias')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Tour operador').length).toBeGreaterThan(0);
  });
});

describe('"Mensajes": Ajustes', { timeout: 20_000 }, () => {
  const form = async () => within(await screen.findByRole('form', { name: 'Ajustes de mensajes' }));

  it("the operator's admin changes the sender and a switch, and saves them", async () => {
    loginAs(1);
    renderScreen('/messages?tab=ajustes');
    const f = await form();
    expect(f.getByLabelText('Nombre del remitente')).toHaveAttribute('placeholder', 'Teide Aventura');
    expect(f.getByLabelText('Responder a')).toHaveAttribute('placeholder', 'reservas@teideaventura.demo');
    fireEvent.change(f.getByLabelText('Nombre del remitente'), { target: { value: 'Teide Aventura Reservas' } });
    const reminder = f.getByRole('switch', { name: /Recordatorio del día anterior/ });
    expect(reminder).toBeChecked();
    fireEvent.click(reminder);
    expect(f.getByRole('switch', { name: /Salida cancelada por el operador/ })).not.toBeChecked();
    expect(await f.findByText('Cambios sin guardar')).toBeInTheDocument();
    fireEvent.click(f.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/v1/tour-operators/${OP}/message-settings`);
    expect(put?.body).toEqual({
      sender_name: 'Teide Aventura Reservas',
      reply_to: '',
      reminder_time: '18:00',
      enabled_kinds: ['booking_confirmed', 'payment_received'],
    });
    expect(await f.findByText('Sin cambios pendientes.')).toBeInTheDocument();
  });

  it('spec e-mail message next to "Responder a"; a 422 from the server lands on its field', async () => {
    loginAs(1);
    answers[`PUT /api/v1/tour-operators/${OP}/message-settings`] = () =>
      json(422, { code: 'VALIDATION', message: 'Revisa los campos', errors: { sender_name: ['Demasiado largo'] } });
    renderScreen('/messages?tab=ajustes');
    const f = await form();
    fireEvent.change(f.getByLabelText('Responder a'), { target: { value: 'no-es-correo' } });
    fireEvent.click(f.getByRole('button', { name: 'Guardar' }));
    expect(await f.findByText(MSG.email)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(f.getByLabelText('Responder a'), { target: { value: 'hola@teide.es' } });
    fireEvent.click(f.getByRole('button', { name: 'Guardar' }));
    expect(await f.findByText('Demasiado largo')).toBeInTheDocument();
  });

  it('an operator (level 3) reads the settings only', async () => {
    loginAs(3);
    renderScreen('/messages?tab=ajustes');
    const f = await form();
    expect(f.getByText('Solo lectura')).toBeInTheDocument();
    expect(f.getByLabelText('Nombre del remitente')).toBeDisabled();
    for (const s of f.getAllByRole('switch')) expect(s).toBeDisabled();
    expect(f.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });

  it('the administrator first picks the tour operator', async () => {
    loginAs(0);
    renderScreen('/messages?tab=ajustes');
    expect(await screen.findByText('Elige un tour operador')).toBeInTheDocument();
    // The SMTP notice asks the first operator's settings (the server's SMTP is the same for all).
    await waitFor(() => expect(calls.some((c) => c.url.includes('/message-settings'))).toBe(true));
    expect(screen.queryByRole('form', { name: 'Ajustes de mensajes' })).toBeNull();
  });

  it('the administrator with an operator chosen (in the URL) sees its settings', async () => {
    loginAs(0);
    renderScreen(`/messages?tab=ajustes&tour_operator_id=${OP}`);
    const f = await form();
    expect(f.getByLabelText('Nombre del remitente')).not.toBeDisabled();
  });
});
