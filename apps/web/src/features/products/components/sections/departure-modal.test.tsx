import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAvailabilitySlot } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../../lib/auth-storage';
import { fakeJwt } from '../../../../test/jwt';
import { renderRoutes } from '../../../../test/render';
import { NEXT_STEPS_BY_REASON } from '../../utils/departure-cancel';
import { DepartureModal } from './departure-modal';

configure({ asyncUtilTimeout: 10_000 });

const P = '11111111-2222-4333-8444-555555555555';
const slot: TAvailabilitySlot = {
  date: '2099-11-25',
  time: '09:00',
  capacity: 50,
  seats_taken: 8,
  seats_left: 42,
  available: true,
  closed: false,
  departure_id: 'd1',
};
const calendarEntry = {
  departure_id: 'd1',
  product_id: P,
  product_name: 'Subida al Teide',
  date: slot.date,
  time: slot.time,
  capacity: 50,
  seats_taken: 8,
  seats_left: 42,
  bookings_count: 3,
  pax_total: 9,
  closed: false,
  available: true,
};
const cancelAnswer = {
  date: slot.date,
  time: slot.time,
  cancelled_bookings: 3,
  messages_queued: 2,
  without_email: [
    { booking_id: 'b3', locator: 'TRY-CCCCCC', customer_name: 'Luca Rossi', customer_phone: '+39 333 1234567' },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const loginAs = (level: number) =>
  saveSession(fakeJwt({ sub: `u-${level}`, level, tour_operator_id: 'op', ver: 1 }), {
    id: `u-${level}`,
    name: 'Sara',
    level,
  });

/** The product form around the dialog (as on the product screen): its submit must never fire from the dialog. */
const productFormSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());

const renderModal = (s: TAvailabilitySlot = slot) =>
  renderRoutes(
    [
      {
        path: '/p',
        element: (
          <form onSubmit={productFormSubmit}>
            <DepartureModal productId={P} productCapacity={50} timeZone="Atlantic/Canary" slot={s} onClose={() => {}} />
          </form>
        ),
      },
    ],
    '/p',
  );

describe('a departure’s dialog: "Cancelar salida" (issue 14)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let cancelResponse: () => Response;
  beforeEach(() => {
    productFormSubmit.mockClear();
    cancelResponse = () => json(cancelAnswer);
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/bookings/calendar')) return json([calendarEntry]);
      if (url === `/api/v1/products/${P}/departures/cancel` && init?.method === 'POST') return cancelResponse();
      return json([]);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const cancelPosts = () =>
    fetchMock.mock.calls.filter(
      ([u, i]) => String(u).endsWith('/departures/cancel') && (i as RequestInit)?.method === 'POST',
    );

  it('the Operador confirms with the bookings and pax counted, a reason and the prefilled text; then the summary', async () => {
    loginAs(3);
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Salida del mié, 25 nov 2099 a las 09:00' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar salida' }));

    const confirm = await screen.findByRole('dialog', { name: 'Cancelar la salida del mié, 25 nov 2099 a las 09:00' });
    expect(await within(confirm).findByTestId('cancel-departure-counts')).toHaveTextContent(
      'Se cancelarán 3 reservas (9 pasajeros) de esta salida y se cerrará a la venta. Cada cliente recibirá un correo',
    );
    const reason = within(confirm).getByRole('combobox', { name: 'Motivo' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveValue('Mal tiempo');
    const nextSteps = within(confirm).getByRole('textbox', { name: 'Qué pasa ahora' });
    expect(nextSteps).toHaveValue(NEXT_STEPS_BY_REASON.weather);
    // Another reason: its own text, while staff have not written theirs.
    fireEvent.click(reason);
    fireEvent.click(await screen.findByRole('option', { name: 'No se alcanzó el mínimo de personas', hidden: true }));
    expect(nextSteps).toHaveValue(NEXT_STEPS_BY_REASON.min_pax);
    // Required: an empty text is not sent.
    fireEvent.change(nextSteps, { target: { value: '  ' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar la salida' }));
    expect(await within(confirm).findByText('Campo requerido')).toBeInTheDocument();
    expect(cancelPosts()).toHaveLength(0);
    fireEvent.change(nextSteps, { target: { value: 'Te devolvemos el importe hoy mismo.' } });
    fireEvent.change(within(confirm).getByRole('textbox', { name: 'Nota interna' }), {
      target: { value: 'Solo 2 personas' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar la salida' }));

    await waitFor(() => expect(cancelPosts()).toHaveLength(1));
    const [[, init]] = cancelPosts() as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      date: '2099-11-25',
      time: '09:00',
      reason: 'min_pax',
      next_steps: 'Te devolvemos el importe hoy mismo.',
      note: 'Solo 2 personas',
    });

    const done = await screen.findByRole('dialog', { name: 'Salida cancelada' });
    const result = within(done).getByTestId('cancel-departure-result');
    expect(
      within(result).getByRole('heading', { name: '3 reservas canceladas del mié, 25 nov 2099 a las 09:00' }),
    ).toHaveFocus();
    expect(result).toHaveTextContent('2 correos en cola para avisar a los clientes.');
    const noEmail = within(result).getByRole('list', { name: 'Un cliente sin correo' });
    expect(noEmail).toHaveTextContent('Luca Rossi');
    expect(noEmail).toHaveTextContent('TRY-CCCCCC · +39 333 1234567');
    expect(within(noEmail).getByRole('button', { name: 'Enviar por WhatsApp a Luca Rossi' })).toBeInTheDocument();
    // The dialog's form is its own: the product around it was not saved.
    expect(productFormSubmit).not.toHaveBeenCalled();
  });

  it('the API refusing the seats (fewer than sold meanwhile): said at the field, which takes the focus', async () => {
    loginAs(3);
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === `/api/v1/products/${P}/departures` && init?.method === 'PUT')
        return json(
          {
            code: 'CAPACITY_BELOW_SOLD',
            message: 'Ya hay 12 plazas reservadas',
            errors: { capacity: ['Ya hay 12 plazas reservadas'] },
          },
          409,
        );
      return json([calendarEntry]);
    });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: /^Salida del / });
    const seats = within(dialog).getByRole('textbox', { name: /Plazas de esta salida/ });
    fireEvent.change(seats, { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(seats).toHaveFocus());
    expect(seats).toHaveAttribute('aria-invalid', 'true');
    expect(seats).toHaveAccessibleDescription(/Ya hay 12 plazas reservadas/);
    // Only the field says why: no alert above the fields repeats it.
    expect(within(dialog).queryByRole('alert', { name: /Ya hay 12/ })).toBeNull();
  });

  it('"Volver" goes back to the departure, with the focus on "Cancelar salida" again', async () => {
    loginAs(3);
    renderModal();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar salida' }));
    const confirm = await screen.findByRole('dialog', { name: /^Cancelar la salida/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Volver' }));
    const edit = await screen.findByRole('dialog', { name: /^Salida del / });
    await waitFor(() => expect(within(edit).getByRole('button', { name: 'Cancelar salida' })).toHaveFocus());
    expect(cancelPosts()).toHaveLength(0);
  });

  it('once the departure has started the button stays, unusable, and says why', async () => {
    loginAs(1);
    renderModal({ ...slot, date: '2020-01-01' });
    const dialog = await screen.findByRole('dialog');
    const button = within(dialog).getByRole('button', { name: 'Cancelar salida' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(
      'La salida ya ha empezado: marca sus reservas como realizadas o no presentadas.',
    );
    fireEvent.click(button);
    expect(screen.queryByRole('textbox', { name: 'Qué pasa ahora' })).toBeNull();
  });

  it('a 409 from the API (it started meanwhile) is said in the dialog', async () => {
    loginAs(3);
    cancelResponse = () =>
      json(
        {
          code: 'STATE_CONFLICT',
          message: 'La salida ya ha empezado: marca sus reservas como realizadas o no presentadas',
        },
        409,
      );
    renderModal();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar salida' }));
    const confirm = await screen.findByRole('dialog', { name: /^Cancelar la salida/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar la salida' }));
    expect(await within(confirm).findByText(/La salida ya ha empezado/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Salida cancelada' })).toBeNull();
  });

  it('not offered without bookings (closing it is enough), nor to roles outside ACCESS.departureCancel', async () => {
    loginAs(3);
    const { unmount } = renderModal({ ...slot, seats_taken: 0, seats_left: 50 });
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Cancelar salida' })).toBeNull();
    unmount();
    loginAs(2);
    renderModal();
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Cancelar salida' })).toBeNull();
  });
});
