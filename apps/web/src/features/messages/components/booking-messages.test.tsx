import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGE_SKIP_REASON } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { json } from '../../../test/session';
import { BookingMessages, WhatsappButton } from '../index';
import { aMessage, BOOKING, OP } from '../test-fixtures';

const message = aMessage;

let calls: { method: string; url: string; body: unknown }[];
let answers: Record<string, () => Response>;
beforeEach(() => {
  calls = [];
  answers = {
    [`GET /api/v1/bookings/${BOOKING}/messages`]: () =>
      json(200, [
        message({}),
        message({
          kind: 'booking_changed',
          state: 'skipped',
          last_error: MESSAGE_SKIP_REASON.noEmail,
          created_at: '2026-11-23T10:00:00Z',
        }),
        message({
          kind: 'booking_reminder',
          channel: 'whatsapp',
          recipient: '+34600000000',
          actor_name: 'Carmen Díaz',
          created_at: '2026-11-23T09:00:00Z',
        }),
      ]),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url: String(url), body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${String(url).split('?')[0]}`];
      return answer ? answer() : json(404, { message: 'No encontrado' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const loginAs = (level: number) =>
  saveSession(fakeJwt({ sub: `u-${level}`, level, tour_operator_id: OP, ver: 1 }), {
    id: `u-${level}`,
    name: 'Carmen Díaz',
    level,
  });

const renderPanel = () => renderRoutes([{ path: '/b', element: <BookingMessages bookingId={BOOKING} /> }], '/b');

describe('<BookingMessages />', { timeout: 20_000 }, () => {
  it("the booking's messages newest first: kind, state, when in the operator's zone, recipient and why", async () => {
    loginAs(1);
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Mensajes' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Reserva modificada');
    expect(items[0]).toHaveTextContent('No enviado');
    expect(items[0]).toHaveTextContent(MESSAGE_SKIP_REASON.noEmail);
    expect(items[0]).toHaveTextContent('23/11/2026 10:00');
    expect(items[1]).toHaveTextContent('Recordatorio del día anterior');
    expect(items[1]).toHaveTextContent('WhatsApp · +34600000000');
    expect(items[1]).toHaveTextContent('Por Carmen Díaz');
    expect(items[2]).toHaveTextContent('Reserva confirmada');
    expect(within(panel).getByRole('link', { name: 'Ver en Mensajes' })).toHaveAttribute(
      'href',
      `/messages?booking_id=${BOOKING}`,
    );
    // Levels 0, 1, 3 open a message to read it.
    expect(within(items[2]).getByRole('button', { name: /Reserva confirmada.*ver el mensaje/ })).toBeInTheDocument();
  });

  it("a seller opens the messages of the booking they sold (issue 31), without the office's list or resend", async () => {
    const sold = message({ id: '33333333-2222-4333-8444-555555555555', subject: 'Tu reserva TRY-ABC123' });
    answers[`GET /api/v1/bookings/${BOOKING}/messages`] = () => json(200, [sold]);
    answers[`GET /api/v1/messages/${sold.id}`] = () =>
      json(200, {
        ...sold,
        html: '',
        text: 'Hola, Lucía:\n\nTu reserva está confirmada.',
        response_excerpt: null,
        can_resend: false,
      });
    loginAs(2);
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Mensajes' });
    expect(within(panel).queryByRole('link', { name: 'Ver en Mensajes' })).toBeNull();
    fireEvent.click(await within(panel).findByRole('button', { name: /Reserva confirmada.*ver el mensaje/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Tu reserva TRY-ABC123')).toBeInTheDocument();
    expect(within(drawer).getByText(/Tu reserva está confirmada/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Reenviar' })).toBeNull();
    expect(calls.some((c) => c.url.endsWith(`/api/v1/messages/${sold.id}`))).toBe(true);
  });

  it('drivers and guides see the list but cannot open a message', async () => {
    loginAs(4);
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Mensajes' });
    await within(panel).findAllByRole('listitem');
    expect(within(panel).queryByRole('button', { name: /ver el mensaje/ })).toBeNull();
    expect(within(panel).getAllByText('Hola, Lucía').length).toBeGreaterThan(0);
  });

  it('empty, and failing to load', async () => {
    loginAs(1);
    answers[`GET /api/v1/bookings/${BOOKING}/messages`] = () => json(200, []);
    const { unmount } = renderPanel();
    expect(await screen.findByText('Aún no se ha enviado ningún mensaje de esta reserva.')).toBeInTheDocument();
    unmount();
    answers[`GET /api/v1/bookings/${BOOKING}/messages`] = () => json(403, { message: 'No' });
    renderPanel();
    expect(await screen.findByText('No se han podido cargar los mensajes')).toBeInTheDocument();
  });
});

describe('<WhatsappButton />', { timeout: 20_000 }, () => {
  const fakeTab = () => {
    const tab = {
      closed: false,
      opener: {} as unknown,
      location: { href: '' },
      document: { title: '', body: { textContent: '' } },
      close: vi.fn(),
    };
    return tab;
  };

  it('opens a blank tab inside the click, then sends it to the chat cut from this page; the log is read again', async () => {
    loginAs(2);
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    answers[`POST /api/v1/bookings/${BOOKING}/whatsapp`] = () =>
      json(201, {
        url: 'https://wa.me/34600000000?text=Hola',
        phone: '+34600000000',
        text: 'Hola',
        message: message({ channel: 'whatsapp' }),
      });
    renderRoutes(
      [
        {
          path: '/b',
          element: (
            <>
              <WhatsappButton bookingId={BOOKING} kind="booking_reminder" />
              <BookingMessages bookingId={BOOKING} />
            </>
          ),
        },
      ],
      '/b',
    );
    await screen.findAllByRole('listitem');
    const before = calls.filter((c) => c.url.endsWith('/messages')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Enviar por WhatsApp' }));
    // Synchronously, in the click: no popup blocker stops it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.document.body.textContent).toBe('Abriendo WhatsApp…');
    await waitFor(() => expect(tab.location.href).toBe('https://wa.me/34600000000?text=Hola'));
    expect(tab.opener).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'booking_reminder' });
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/messages')).length).toBeGreaterThan(before));
  });

  it('no valid mobile: the blank tab closes and the reason is shown', async () => {
    loginAs(1);
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const reason = 'La reserva no tiene un teléfono móvil válido para WhatsApp';
    answers[`POST /api/v1/bookings/${BOOKING}/whatsapp`] = () =>
      json(422, { code: 'VALIDATION', message: reason, errors: { customer_phone: [reason] } });
    const { MantineProvider } = await import('@mantine/core');
    const { Notifications } = await import('@mantine/notifications');
    renderRoutes(
      [
        {
          path: '/b',
          element: (
            <MantineProvider>
              <Notifications />
              <WhatsappButton bookingId={BOOKING} compact label="Lucía Pérez" />
            </MantineProvider>
          ),
        },
      ],
      '/b',
    );
    // The icon button's name says whom it writes to.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar por WhatsApp a Lucía Pérez' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(tab.location.href).toBe('');
  });
});
