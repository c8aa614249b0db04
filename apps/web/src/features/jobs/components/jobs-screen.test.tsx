import { screen, waitFor, within } from '@testing-library/react';
import type { TJobsResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { json } from '../../../test/session';
import { durationText, everyText } from '../utils/job-format';
import { JobsScreen } from './jobs-screen';

const ANSWER: TJobsResponse = {
  tasks: [
    {
      name: 'messages.deliver',
      label: 'Envío de mensajes (correo y webhooks)',
      description: 'Envía los correos y avisos a sistemas externos en cola; también al momento tras cada cambio.',
      state: 'ok',
      every_seconds: 3,
      last_started_at: '2026-11-25T08:30:05Z',
      last_finished_at: '2026-11-25T08:30:05Z',
      last_succeeded_at: '2026-11-25T08:30:05Z',
      last_duration_ms: 120,
      next_run_at: '2026-11-25T08:30:08Z',
      last_error: null,
      run_count: 12_345,
      failure_count: 0,
      running_on: null,
    },
    {
      name: 'messages.reminders',
      label: 'Recordatorios del día anterior',
      description: 'Pone en cola el recordatorio de las reservas confirmadas de mañana.',
      state: 'failing',
      every_seconds: 60,
      last_started_at: '2026-11-25T08:30:00Z',
      last_finished_at: '2026-11-25T08:30:01Z',
      last_succeeded_at: null,
      last_duration_ms: 1500,
      next_run_at: '2026-11-25T08:32:00Z',
      last_error: 'la base de datos no responde',
      run_count: 3,
      failure_count: 2,
      running_on: null,
    },
  ],
  jobs: [
    {
      id: '11111111-2222-4333-8444-555555555555',
      kind: 'bookings.hold_expiry',
      label: 'bookings.hold_expiry',
      state: 'failed',
      attempts: 5,
      max_attempts: 5,
      run_at: '2026-11-25T08:00:00Z',
      last_error: 'La reserva ya no existe',
      dedupe_key: 'hold:TRY-1',
      created_at: '2026-11-25T07:00:00Z',
      updated_at: '2026-11-25T08:00:00Z',
      finished_at: '2026-11-25T08:00:00Z',
    },
  ],
  counts: { queued: 0, running: 0, done: 4, failed: 1, cancelled: 0 },
};

let urls: string[];
beforeEach(() => {
  urls = [];
  saveSession(fakeJwt({ sub: 'u-0', level: 0, tour_operator_id: null, ver: 1 }), {
    id: 'u-0',
    name: 'Admin',
    level: 0,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      return json(200, ANSWER);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<JobsScreen />', { timeout: 20_000 }, () => {
  it('each task with its Spanish name, period, last and next run, state and last error; the jobs', async () => {
    renderRoutes([{ path: '/background-jobs', element: <JobsScreen /> }], '/background-jobs?state=failed');
    const deliver = await screen.findByRole('article', { name: 'Envío de mensajes (correo y webhooks)' });
    expect(deliver).toHaveTextContent('Correcta');
    expect(deliver).toHaveTextContent('Cada 3 s');
    expect(deliver).toHaveTextContent('12.345');
    expect(deliver).toHaveTextContent('120 ms');
    // The administrator's times name their zone (Madrid by default).
    expect(deliver).toHaveTextContent('25/11/2026 09:30:05');
    const reminders = screen.getByRole('article', { name: 'Recordatorios del día anterior' });
    expect(reminders).toHaveTextContent('Con errores');
    expect(reminders).toHaveTextContent('Último error: la base de datos no responde');
    expect(reminders).toHaveTextContent('2 fallidas seguidas');
    const table = screen.getByRole('table', { name: 'Trabajos programados' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Fallido');
    expect(row).toHaveTextContent('5 de 5');
    expect(row).toHaveTextContent('La reserva ya no existe');
    expect(screen.getByLabelText('Trabajos por estado')).toHaveTextContent('Hecho: 4');
    await waitFor(() => expect(urls.some((u) => u.endsWith('/api/v1/jobs?state=failed'))).toBe(true));
  });

  it('words periods and durations in Spanish', () => {
    expect(everyText(3)).toBe('Cada 3 s');
    expect(everyText(60)).toBe('Cada minuto');
    expect(everyText(600)).toBe('Cada 10 min');
    expect(everyText(3600)).toBe('Cada hora');
    expect(durationText(1500)).toBe('1,5 s');
  });
});
