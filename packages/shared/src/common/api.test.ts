import { describe, expect, it } from 'vitest';
import { buildListQuery } from './api';
import { formatCents, formatDateTime, plural } from './format';
import { pathTo, ROUTES } from './paths';

describe('list query from a filter object', () => {
  it('spec §7: GET /api/v1/users?level[eq]={level} is built from { level: { eq } }', () => {
    expect(buildListQuery({ level: { eq: 4 } })).toBe('?level[eq]=4');
  });
  it('leaves empty values out and joins `in` lists', () => {
    expect(buildListQuery({ state: { eq: '' }, level: { in: [4, 5] } }, { q: 'ana', page: 2, sort: undefined })).toBe(
      '?level[in]=4%2C5&q=ana&page=2',
    );
    expect(buildListQuery({})).toBe('');
  });
});

describe('es-ES formats', () => {
  it('spec §9 / STYLE: amounts as 1.234,50 € and 24-hour times', () => {
    expect(formatCents(123450)).toBe('1.234,50 €');
    expect(formatCents(500)).toBe('5,00 €');
    expect(formatDateTime('2026-07-01T13:05:00Z', 'Europe/Madrid')).toBe('01/07/2026 15:05');
    expect(plural(1, 'plaza', 'plazas')).toBe('1 plaza');
    expect(plural(3, 'plaza', 'plazas')).toBe('3 plazas');
  });
});

describe('route table', () => {
  it("spec §2: route names are exactly the spec's", () => {
    const named = Object.fromEntries(Object.values(ROUTES).map((r) => [r.path, r.name]));
    expect(named).toMatchObject({
      '/public/landing/booking-voucher/:bookingId': 'public-booking-voucher',
      '/public/booking/product/:productId': 'public-booking',
      '/booking': 'booking-index',
      '/booking/create': 'booking-create',
      '/booking/edit/:id': 'booking-edit',
      '/schedule-sheets': 'scheduleSheets-index',
      '/schedule-sheets/:id': 'schedule-edit',
      '/products': 'product-index',
      '/products/create': 'product-create',
      '/products/edit/:id': 'product-edit',
    });
  });
  it('spec §2: public routes need no login; private ones do', () => {
    for (const r of Object.values(ROUTES)) {
      // The login and its password-reset screens (issue 14) are outside the back-office too.
      const noLogin = ['/login', '/forgot-password', '/reset-password'];
      expect(r.auth).toBe(!(r.path.startsWith('/public/') || noLogin.includes(r.path)));
    }
    // The spec's 19 routes and ours: forgot/reset password, Mi cuenta, the activity log, Mensajes,
    // Tareas en segundo plano (issue 31), Canales (issue 33), Informes, Comisiones, Caja and Facturas
    // (issue 34).
    expect(Object.values(ROUTES)).toHaveLength(30);
  });
  it('pathTo builds URLs by route name', () => {
    expect(pathTo('bookingEdit', { id: 'abc' })).toBe('/booking/edit/abc');
    expect(() => pathTo('bookingEdit')).toThrow();
  });
});
