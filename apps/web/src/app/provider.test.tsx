import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATES_SETTINGS } from '../config/locale';
import { AppProvider, NOTIFICATIONS_SETTINGS } from './provider';

describe('app provider', () => {
  it('spec §9 "Notifications last 5000 ms by default and appear at the bottom"', () => {
    expect(NOTIFICATIONS_SETTINGS.autoClose).toBe(5000);
    expect(NOTIFICATIONS_SETTINGS.position.startsWith('bottom')).toBe(true);
  });

  it('spec §9 "Locale is Spanish, week starts on Monday, 24-hour time"', () => {
    expect(dayjs.locale()).toBe('es');
    expect(dayjs('2026-11-23').format('dddd D [de] MMMM')).toBe('lunes 23 de noviembre');
    expect(dayjs('2026-11-23T18:30:00').format('HH:mm')).toBe('18:30');
    expect(DATES_SETTINGS).toMatchObject({ locale: 'es', firstDayOfWeek: 1 });
  });

  it('renders its children inside the providers', () => {
    render(
      <AppProvider>
        <p>Hola</p>
      </AppProvider>,
    );
    expect(screen.getByText('Hola')).toBeInTheDocument();
  });
});
