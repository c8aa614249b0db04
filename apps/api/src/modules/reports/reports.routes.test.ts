/**
 * «Informes» (issue 34) on a small set of bookings made through the API, every figure checked
 * against sums worked out by hand. Operator A works in Tenerife (Atlantic/Canary, IGIC); B is
 * another operator whose booking must never show up for A.
 */
import { zonedDateTimeToInstant } from '@trayecto/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookings, tourOperators } from '../../db/schema';
import { api, booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';

let app: FastifyInstance;
let w: World;
const TZ = 'Atlantic/Canary';
const at = (date: string, time: string) => zonedDateTimeToInstant(date, time, TZ);
const ids: Record<string, string> = {};
const SALE = 'from=2026-10-01&to=2026-10-31';
const service = () => `from=${day(0)}&to=${day(5)}`;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  await app.db
    .update(tourOperators)
    .set({ timezone: TZ, taxTerritory: 'canarias' })
    .where(eq(tourOperators.id, w.A.op.id));
  const p1 = await mkProduct(app, w.tokens.A1, { name: 'Teide al atardecer' });
  const p2 = await mkProduct(app, w.tokens.A1, { name: 'Avistamiento de cetáceos' });
  ids.p1 = p1.id;
  ids.p2 = p2.id;
  // b1: sold by the Vendedor, 2 adults + 1 child = 115,00 €, at 23:30 of 31 Oct in Tenerife.
  const b1 = await booked(app, w.tokens.A2, bookingBody(p1.id));
  // b2: the office, 1 adult with 5,00 € off = 40,00 €, the next day (00:10 of 1 Nov): outside October.
  const b2 = await booked(
    app,
    w.tokens.A1,
    bookingBody(p1.id, { date: day(2), pax: { adult: 1 }, discount_cents: 500, discount_reason: 'Cliente habitual' }),
  );
  // b3: 2 adults = 90,00 €, cancelled for bad weather.
  const b3 = await booked(app, w.tokens.A1, bookingBody(p2.id, { pax: { adult: 2 } }));
  // b6: 1 adult = 45,00 €, a no-show.
  const b6 = await booked(app, w.tokens.A1, bookingBody(p2.id, { pax: { adult: 1 } }));
  // Another operator's booking, sold in October too.
  const bB = await booked(app, w.tokens.B1, bookingBody((await mkProduct(app, w.tokens.B1)).id, { pax: { adult: 1 } }));
  Object.assign(ids, { b1: b1.id, b2: b2.id, b3: b3.id, b6: b6.id, bB: bB.id });
  expect(b1.seller_id).toBe(w.A.l2.id);

  const cancel = await api(app).send('POST', `/api/v1/bookings/${b3.id}/cancel`, w.tokens.A1, { reason: 'Mal tiempo' });
  expect(cancel.statusCode).toBe(200);
  const set = (id: string, values: Partial<typeof bookings.$inferInsert>) =>
    app.db.update(bookings).set(values).where(eq(bookings.id, id));
  await set(b1.id, { createdAt: at('2026-10-31', '23:30'), commissionCents: 1150, taxRate: 7 });
  await set(b2.id, { createdAt: at('2026-11-01', '00:10'), taxRate: 3 });
  await set(b3.id, { createdAt: at('2026-10-15', '10:00'), taxRate: 7 });
  await set(b6.id, { createdAt: at('2026-10-20', '12:00'), taxRate: 7, state: 'no_show' });
  await set(bB.id, { createdAt: at('2026-10-20', '12:00'), taxRate: 21 });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const get = async (url: string, token: string, status = 200) => {
  const res = await api(app).get(url, token);
  expect(res.statusCode, res.body).toBe(status);
  return res;
};

describe('sales', () => {
  it('by product, by sale day in the operator’s zone: hand-made sums', async () => {
    const r = (await get(`/api/v1/reports/sales?${SALE}&group_by=product`, w.tokens.A1)).json();
    expect(r).toMatchObject({ timezone: TZ, scope: 'operator', group_by: 'product', basis: 'sale' });
    expect(r.rows).toEqual([
      {
        key: ids.p1,
        label: 'Teide al atardecer',
        bookings: 1,
        pax: 3,
        gross_cents: 11_500,
        discount_cents: 0,
        commission_cents: 1150,
        cancelled_bookings: 0,
        cancelled_cents: 0,
        net_cents: 11_500,
      },
      {
        key: ids.p2,
        label: 'Avistamiento de cetáceos',
        bookings: 1,
        pax: 1,
        gross_cents: 13_500,
        discount_cents: 0,
        commission_cents: 0,
        cancelled_bookings: 1,
        cancelled_cents: 9000,
        net_cents: 4500,
      },
    ]);
    expect(r.totals).toEqual({
      bookings: 2,
      pax: 4,
      gross_cents: 25_000,
      discount_cents: 0,
      commission_cents: 1150,
      cancelled_bookings: 1,
      cancelled_cents: 9000,
      net_cents: 16_000,
    });
  });

  it('a booking at 23:30 local on the last day counts on that day; 00:10 the next day does not', async () => {
    const r = (await get(`/api/v1/reports/sales?${SALE}`, w.tokens.A1)).json();
    expect(r.rows).toHaveLength(31);
    expect(r.rows.at(-1)).toMatchObject({ key: '2026-10-31', label: '31/10/2026', bookings: 1, gross_cents: 11_500 });
    expect(r.rows.find((x: { key: string }) => x.key === '2026-10-15')).toMatchObject({ cancelled_bookings: 1 });
    expect(r.totals.bookings).toBe(2);
    const nov = (await get('/api/v1/reports/sales?from=2026-11-01&to=2026-11-01', w.tokens.A1)).json();
    expect(nov.rows).toEqual([
      expect.objectContaining({ key: '2026-11-01', bookings: 1, gross_cents: 4000, discount_cents: 500 }),
    ]);
  });

  it('by service day and channel', async () => {
    const r = (await get(`/api/v1/reports/sales?${service()}&group_by=channel&basis=service`, w.tokens.A1)).json();
    const byKey = Object.fromEntries(r.rows.map((x: { key: string }) => [x.key, x]));
    expect(byKey.seller).toMatchObject({ label: 'Vendedor', bookings: 1, gross_cents: 11_500 });
    expect(byKey.office).toMatchObject({ label: 'Oficina', bookings: 2, pax: 2, gross_cents: 17_500, net_cents: 8500 });
    expect(r.totals).toMatchObject({ bookings: 3, net_cents: 20_000 });
  });

  it('by seller and agency for the office; a Vendedor sees only theirs and cannot group by others', async () => {
    const bySeller = (await get(`/api/v1/reports/sales?${SALE}&group_by=seller`, w.tokens.A1)).json();
    expect(bySeller.rows.map((x: { label: string; bookings: number }) => [x.label, x.bookings])).toEqual([
      ['Sergio Vendedor A', 1],
      ['Sin vendedor', 1],
    ]);
    const agency = (await get(`/api/v1/reports/sales?${SALE}&group_by=agency`, w.tokens.A1)).json();
    expect(agency.rows).toEqual([
      expect.objectContaining({ key: null, label: 'Venta directa (sin agencia)', bookings: 2 }),
    ]);

    const mine = (await get(`/api/v1/reports/sales?${SALE}&group_by=product`, w.tokens.A2)).json();
    expect(mine.scope).toBe('seller');
    expect(mine.rows).toEqual([expect.objectContaining({ key: ids.p1, bookings: 1 })]);
    expect(mine.totals.gross_cents).toBe(11_500);
    await get(`/api/v1/reports/sales?${SALE}&group_by=seller`, w.tokens.A2, 403);
    await get(`/api/v1/reports/sales?${SALE}&group_by=agency`, w.tokens.A2, 403);
  });

  it('never another operator’s; the administrator sees all or one', async () => {
    const b = (await get(`/api/v1/reports/sales?${SALE}&group_by=product`, w.tokens.B1)).json();
    expect(b.totals.gross_cents).toBe(4500);
    expect(JSON.stringify(b)).not.toContain(ids.p1);
    // A's admin naming B's operator still gets A's figures only.
    const a = (await get(`/api/v1/reports/sales?${SALE}&tour_operator_id=${w.B.op.id}`, w.tokens.A1)).json();
    expect(a.totals.gross_cents).toBe(25_000);
    const all = (await get(`/api/v1/reports/sales?${SALE}&group_by=product`, w.tokens.admin)).json();
    expect(all.scope).toBe('all');
    expect(all.totals.gross_cents).toBe(29_500);
    const one = (await get(`/api/v1/reports/sales?${SALE}&tour_operator_id=${w.A.op.id}`, w.tokens.admin)).json();
    expect(one.totals.gross_cents).toBe(25_000);
  });
});

describe('occupancy, cancellations, taxes', () => {
  it('occupancy per departure and product', async () => {
    const r = (await get(`/api/v1/reports/occupancy?${service()}`, w.tokens.A1)).json();
    expect(
      r.departures.map((d: { product_id: string; date: string; seats_taken: number; capacity: number }) => [
        d.product_id,
        d.date,
        d.seats_taken,
        d.capacity,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [ids.p1, day(1), 3, 10],
        [ids.p1, day(2), 1, 10],
        [ids.p2, day(1), 1, 10],
      ]),
    );
    expect(r.departures).toHaveLength(3);
    expect(r.products).toEqual([
      {
        product_id: ids.p2,
        product_name: 'Avistamiento de cetáceos',
        departures: 1,
        capacity: 10,
        seats_taken: 1,
        occupancy: 0.1,
      },
      {
        product_id: ids.p1,
        product_name: 'Teide al atardecer',
        departures: 2,
        capacity: 20,
        seats_taken: 4,
        occupancy: 0.2,
      },
    ]);
    expect(r.totals).toEqual({ departures: 3, capacity: 30, seats_taken: 5, occupancy: 0.1667 });
    expect(r).toMatchObject({ page: 1, per_page: 50, truncated: false });
    // Pages of the departures, by day, time and product; the totals always count all three.
    const pages = await Promise.all(
      [1, 2, 3, 4].map(async (page) =>
        (await get(`/api/v1/reports/occupancy?${service()}&per_page=1&page=${page}`, w.tokens.A1)).json(),
      ),
    );
    expect(pages.map((p) => p.departures.map((d: { departure_id: string }) => d.departure_id))).toEqual([
      [r.departures[0].departure_id],
      [r.departures[1].departure_id],
      [r.departures[2].departure_id],
      [],
    ]);
    expect(pages.map((p) => [p.page, p.per_page, p.truncated, p.totals.departures])).toEqual([
      [1, 1, true, 3],
      [2, 1, true, 3],
      [3, 1, true, 3],
      [4, 1, true, 3],
    ]);
    for (const bad of ['per_page=0', 'per_page=2001', 'page=0', 'page=dos'])
      expect((await api(app).get(`/api/v1/reports/occupancy?${service()}&${bad}`, w.tokens.A1)).statusCode).toBe(400);
    // The files are not paged: every departure, whatever page the screen was on.
    const csv = await get(`/api/v1/reports/occupancy/export.csv?${service()}&per_page=1&page=2`, w.tokens.A1);
    expect(csv.body.split('\n').filter((l) => /\d{2}\/\d{2}\/\d{4}/.test(l))).toHaveLength(3);
    const one = (await get(`/api/v1/reports/occupancy?${service()}&product_id=${ids.p2}`, w.tokens.A1)).json();
    expect(one.departures).toHaveLength(1);
    await get(`/api/v1/reports/occupancy?${service()}`, w.tokens.A2, 403);
  });

  it('cancellations and no-shows by reason', async () => {
    const r = (await get(`/api/v1/reports/cancellations?${service()}`, w.tokens.A1)).json();
    expect(r.rows).toEqual([
      { state: 'cancelled', reason: 'Mal tiempo', bookings: 1, pax: 2, total_cents: 9000, refunded_cents: 0 },
      { state: 'no_show', reason: '', bookings: 1, pax: 1, total_cents: 4500, refunded_cents: 0 },
    ]);
    expect(r.cancelled).toEqual({ bookings: 1, pax: 2, total_cents: 9000, refunded_cents: 0 });
    // The Vendedor sold neither.
    expect((await get(`/api/v1/reports/cancellations?${service()}`, w.tokens.A2)).json().rows).toEqual([]);
  });

  it('taxes by rate: base per booking, tax the rest, IGIC for a Canary operator', async () => {
    const r = (await get(`/api/v1/reports/taxes?${service()}`, w.tokens.A1)).json();
    expect(r.basis).toBe('service');
    // 7 %: 115,00 → 107,48 + 7,52; 45,00 → 42,06 + 2,94. 3 %: 40,00 → 38,83 + 1,17. The cancelled one is out.
    expect(r.rows).toEqual([
      { kind: 'IGIC', rate: 7, bookings: 2, base_cents: 14_954, tax_cents: 1046, total_cents: 16_000 },
      { kind: 'IGIC', rate: 3, bookings: 1, base_cents: 3883, tax_cents: 117, total_cents: 4000 },
    ]);
    expect(r.totals).toEqual({ bookings: 3, base_cents: 18_837, tax_cents: 1163, total_cents: 20_000 });
    const b = (await get(`/api/v1/reports/taxes?${SALE}&basis=sale`, w.tokens.B1)).json();
    expect(b.rows).toEqual([
      { kind: 'IVA', rate: 21, bookings: 1, base_cents: 3719, tax_cents: 781, total_cents: 4500 },
    ]);
    await get(`/api/v1/reports/taxes?${service()}`, w.tokens.A2, 403);
  });
});

describe('access and periods', () => {
  it('levels 3–5 may not read reports', async () => {
    for (const token of [w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      await get(`/api/v1/reports/sales?${SALE}`, token, 403);
      await get(`/api/v1/reports/cancellations?${SALE}`, token, 403);
    }
  });

  it('refuses bad periods in Spanish', async () => {
    const back = (await get('/api/v1/reports/sales?from=2026-10-31&to=2026-10-01', w.tokens.A1, 422)).json();
    expect(back.errors.to).toEqual(['La fecha final no puede ser anterior a la inicial']);
    const long = (await get('/api/v1/reports/taxes?from=2026-01-01&to=2027-01-02', w.tokens.A1, 422)).json();
    expect(long.errors.to).toEqual(['El periodo no puede superar 366 días']);
    await get('/api/v1/reports/sales?from=2026-01-01&to=2027-01-01', w.tokens.A1, 200);
    const bad = (await get('/api/v1/reports/sales?from=2026-02-30&to=2026-03-01', w.tokens.A1, 400)).json();
    expect(bad.errors.from).toEqual(['Fecha no válida (AAAA-MM-DD)']);
    await get('/api/v1/reports/sales?from=2026-10-01', w.tokens.A1, 400);
    await get(`/api/v1/reports/sales?${SALE}&group_by=week`, w.tokens.A1, 400);
  });
});

describe('exports', () => {
  it('CSV: Spanish headers, euros with the decimal comma, a totals row, the period in the file name', async () => {
    const res = await get(`/api/v1/reports/sales/export.csv?${SALE}&group_by=product`, w.tokens.A1);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="informe-ventas-2026-10-01-2026-10-31.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Producto;Reservas;Pasajeros;Importe bruto;Descuentos;Comisiones;Cancelaciones;Importe cancelado;Importe neto',
    );
    expect(lines.slice(1)).toEqual([
      'Teide al atardecer;1;3;115;0;11,5;0;0;115',
      'Avistamiento de cetáceos;1;1;135;0;0;1;90;45',
      'Total;2;4;250;0;11,5;1;90;160',
    ]);
    const tax = await get(`/api/v1/reports/taxes/export.csv?${service()}`, w.tokens.A1);
    expect(tax.body).toContain('IGIC 7 %;7;2;149,54;10,46;160');
    await get(`/api/v1/reports/taxes/export.csv?${service()}`, w.tokens.A2, 403);
  });

  it('XLSX: read back with exceljs; numbers as numbers with a € format, days as dates', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/reports/sales/export.xlsx?${SALE}`,
      headers: { authorization: `Bearer ${w.tokens.A1}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('informe-ventas-2026-10-01-2026-10-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Ventas');
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(sheet.getRow(2).getCell(1).value).toBe('Día');
    expect(sheet.getRow(2).getCell(4).value).toBe('Importe bruto');
    // Row 3 is 1 Oct; 31 Oct is row 33, then the totals.
    const last = sheet.getRow(33);
    expect(last.getCell(1).value).toEqual(new Date('2026-10-31T00:00:00Z'));
    expect(last.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(last.getCell(4).value).toBe(115);
    expect(last.getCell(4).numFmt).toContain('€');
    expect(sheet.getRow(34).getCell(1).value).toBe('Total');
    expect(sheet.getRow(34).getCell(9).value).toBe(160);

    const occ = await app.inject({
      method: 'GET',
      url: `/api/v1/reports/occupancy/export.xlsx?${service()}`,
      headers: { authorization: `Bearer ${w.tokens.A1}` },
    });
    const ob = new ExcelJS.Workbook();
    await ob.xlsx.load(occ.rawPayload as unknown as ArrayBuffer);
    const os = ob.getWorksheet('Ocupación');
    expect(os?.getRow(3).getCell(6).value).toBeTypeOf('number');
    expect(os?.getRow(3).getCell(6).numFmt).toBe('0.0%');
  });
});
