import {
  ACTIVE_STATE,
  addDays,
  pricesOn,
  type TAnswerInput,
  type TProductQuestion,
  timeZoneOf,
  todayIn,
  USER_STATE,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accommodations, productPickups, products, tourOperators, users } from '../db/schema';
import { type ChangeActor, customerActor, staffActor, systemActor } from '../lib/actors';
import type { Actor } from '../lib/tenant';
import {
  cancelBooking,
  checkInBooking,
  createBooking,
  loadOperator,
  readBooking,
  recordPayment,
  sellInTransaction,
  settleDepartureAtEnd,
} from '../modules/bookings/bookings.service';
import { computeAvailability } from '../modules/departures/availability';

/**
 * Demo bookings (PRODUCT.md §1 "a month of bookings"): from 10 days ago to 20 days ahead, on the
 * departures the products really offer, sold through the bookings service itself (prices,
 * commissions, pickup times, seats on the departure rows and the history follow the real rules),
 * each at a plausible moment before its departure. A realistic mix: Spanish and foreign customers,
 * office, seller and web sales, confirmed, pending, completed, no-shows and cancellations with
 * their reasons, payments in full, deposits, nothing yet, and refunds.
 *
 * Deterministic choices (a seeded PRNG): the same day gives the same data, except ids and locators,
 * which are random by design. Called from seedDemo inside its transaction.
 */

export type SeedBookingsContext = {
  ops: { teide: string; atlantico: string };
  products: { id: string; tourOperatorId: string; code: string; capacity: number }[];
  sellers: { id: string; tourOperatorId: string; commissionPct: number | null }[];
  accommodations: { id: string; name: string; zone: string; tourOperatorId: string | null }[];
  /** Teide Aventura's travel agency (ADR 023): every fourth office sale of Teide is made for it. */
  agencyId?: string;
};

/** mulberry32: small, fast and good enough for demo data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

/** `phone`: a mobile that exists in that country's numbering plan (WhatsApp needs one). */
type Customer = { first: string[]; last: string[]; country: string; language: string; phone: () => string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const CUSTOMERS = (r: ReturnType<typeof prng>): Customer[] => [
  {
    first: ['Lucía', 'Javier', 'Carmen', 'Pablo', 'Marta', 'Alejandro', 'Elena', 'Sergio', 'Nuria', 'Raúl'],
    last: ['García', 'Fernández', 'López', 'Martín', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Hernández', 'Díaz'],
    country: 'ES',
    language: 'es',
    phone: () => `+34 6${r.int(10, 99)} ${r.int(100, 999)} ${r.int(100, 999)}`,
  },
  {
    first: ['Oliver', 'Emma', 'James', 'Sophie', 'Harry', 'Charlotte', 'George', 'Amelia'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Thomas', 'Walker'],
    country: 'GB',
    language: 'en',
    phone: () => `+44 7${r.int(770, 999)} ${r.int(100000, 999999)}`,
  },
  {
    first: ['Lukas', 'Anna', 'Felix', 'Lena', 'Jonas', 'Hannah', 'Maximilian', 'Sophie'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Schäfer'],
    country: 'DE',
    language: 'de',
    phone: () => `+49 15${r.pick(['1', '2', '7', '9'])}${r.int(0, 9)} ${r.int(1000000, 9999999)}`,
  },
  {
    first: ['Giulia', 'Marco', 'Chiara', 'Luca', 'Francesca', 'Matteo'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano'],
    country: 'IT',
    language: 'it',
    phone: () => `+39 3${r.int(10, 99)} ${r.int(100, 999)} ${r.int(1000, 9999)}`,
  },
  {
    first: ['Camille', 'Louis', 'Léa', 'Hugo', 'Chloé', 'Jules'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Lefèvre'],
    country: 'FR',
    language: 'fr',
    phone: () => `+33 6 ${r.int(40, 89)} ${r.int(10, 99)} ${r.int(10, 99)} ${r.int(10, 99)}`,
  },
  {
    first: ['Daan', 'Emma', 'Sem', 'Julia', 'Lars', 'Anouk'],
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser'],
    country: 'NL',
    language: 'nl',
    phone: () => `+31 6 ${r.int(10000000, 59999999)}`,
  },
  {
    first: ['Erik', 'Ingrid', 'Lars', 'Astrid', 'Nils'],
    last: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Larsson'],
    country: 'SE',
    language: 'sv',
    phone: () => `+46 70 ${r.int(100, 999)} ${r.int(1000, 9999)}`,
  },
];

const CANCEL_REASONS = [
  'El cliente cambia la fecha de sus vacaciones',
  'Enfermedad del cliente',
  'Vuelo cancelado',
  'Reserva duplicada',
  'Mal tiempo: salida suspendida por el estado del mar',
  'El cliente no confirmó la reserva',
];

const DISCOUNT_REASONS = ['Cliente repetidor', 'Residente canario', 'Grupo de amigos', 'Compensación por retraso'];
const NOTES = ['Celebran un cumpleaños', 'Viaja con carrito de bebé', 'Vegetariana', 'Mareo en carretera', ''];

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');

export async function seedBookings(tx: DbOrTx, ctx: SeedBookingsContext): Promise<{ bookings: number }> {
  const r = prng(20_260_401);
  const customers = CUSTOMERS(r);
  const realNow = new Date();

  // Who sells: the office (Admin Tour Operador, Operador) and the sellers of each operator.
  const staff = await tx
    .select({
      id: users.id,
      level: users.level,
      tourOperatorId: users.tourOperatorId,
      fullName: users.fullName,
      email: users.email,
    })
    .from(users)
    .where(and(inArray(users.level, [1, 2, 3, 5]), isNull(users.deletedAt), eq(users.state, USER_STATE.ACTIVE)));
  const officeOf = (op: string): Actor[] =>
    staff
      .filter((s) => s.tourOperatorId === op && (s.level === 1 || s.level === 3))
      .map((s) => ({ ...s, tourOperatorId: op }));
  // Who checks the passengers in on board: the operator's guide (else the office).
  const guidesOf = (op: string): Actor[] =>
    staff.filter((s) => s.tourOperatorId === op && s.level === 5).map((s) => ({ ...s, tourOperatorId: op }));
  // Named as in the audit log's "Nombre <email>".
  const sellersOf = (op: string): Actor[] =>
    ctx.sellers
      .filter((s) => s.tourOperatorId === op)
      .map((s) => {
        const who = staff.find((u) => u.id === s.id);
        return { id: s.id, level: 2, tourOperatorId: op, fullName: who?.fullName ?? '', email: who?.email };
      });

  const productIds = ctx.products.map((p) => p.id);
  if (productIds.length === 0) return { bookings: 0 };
  const rows = await tx
    .select({ product: products, timezone: tourOperators.timezone })
    .from(products)
    .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
    .where(and(inArray(products.id, productIds), eq(products.state, 'active'), isNull(products.deletedAt)));
  const pickups = await tx.select().from(productPickups).where(inArray(productPickups.productId, productIds));
  const places = await tx
    .select({ id: accommodations.id, tourOperatorId: accommodations.tourOperatorId, state: accommodations.state })
    .from(accommodations)
    .where(
      and(
        inArray(
          accommodations.id,
          ctx.accommodations.map((a) => a.id),
        ),
        isNull(accommodations.deletedAt),
      ),
    );
  const activePlace = new Set(places.filter((p) => p.state === ACTIVE_STATE.ACTIVE).map((p) => p.id));

  let count = 0;
  let refunds = 0;
  for (const { product, timezone } of rows.sort((a, b) => a.product.code.localeCompare(b.product.code))) {
    const op = product.tourOperatorId;
    const office = officeOf(op);
    const sellers = sellersOf(op);
    if (office.length === 0) continue;
    const crew = guidesOf(op).length > 0 ? guidesOf(op) : office;
    const operator = await loadOperator(tx, op);
    const tz = timeZoneOf(timezone);
    const today = todayIn(tz, realNow);
    const slots = computeAvailability({
      from: addDays(today, -10),
      to: addDays(today, 20),
      rules: product.availabilityRules,
      closedDates: product.closedDates,
      capacity: product.capacity,
      bookingCutoffHours: product.bookingCutoffHours,
      departures: [],
      timeZone: tz,
      now: realNow,
    });
    const listed = pickups
      .filter((p) => p.productId === product.id && p.accommodationId && activePlace.has(p.accommodationId))
      .map((p) => p.accommodationId as string);
    const others = ctx.accommodations
      .filter((a) => (a.tourOperatorId === null || a.tourOperatorId === op) && activePlace.has(a.id))
      .map((a) => a.id);
    // Big coaches fill more; the catamaran spreads its customers over three sailings a day.
    const sailingsPerDay = slots.length / 31;
    const perDeparture = product.capacity >= 45 && sailingsPerDay <= 1 ? [0, 3] : [0, 2];

    for (const slot of slots) {
      const start = zonedDateTimeToInstant(slot.date, slot.time, tz).getTime();
      const isPast = start + product.durationMinutes * 60_000 < realNow.getTime();
      const offered = pricesOn(product, slot.date).prices.map((p) => p.pax_type);
      const n = r.int(perDeparture[0], perDeparture[1]);
      // The bookings of a past departure that boarded, checked in once all are sold.
      const boarding: { id: string; pickupTime: string | null }[] = [];
      let departureId: string | null = null;
      for (let i = 0; i < n; i++) {
        const c = r.pick(customers);
        const name = `${r.pick(c.first)} ${r.pick(c.last)}`;
        const adults = r.int(1, 4);
        const pax: Record<string, number> = { adult: adults };
        if (offered.includes('child') && r.chance(0.3)) pax.child = r.int(1, 2);
        if (offered.includes('infant') && r.chance(0.1)) pax.infant = 1;
        if (offered.includes('senior') && r.chance(0.15)) pax.senior = r.int(1, 2);
        const channel = r.pick(['office', 'seller', 'seller', 'public', 'public', 'office'] as const);
        const actor = channel === 'seller' && sellers.length > 0 ? r.pick(sellers) : r.pick(office);
        // Sold one to twelve days before the departure, never after its sale cut-off nor in the future.
        const latest = Math.min(
          realNow.getTime() - r.int(1, 48) * HOUR,
          start - (product.bookingCutoffHours + 1) * HOUR,
        );
        const soldAt = new Date(latest - r.int(0, 11) * DAY - r.int(0, 10) * HOUR);
        const withHotel = product.pickupEnabled && r.chance(0.85);
        const hotel = withHotel ? (r.chance(0.85) && listed.length > 0 ? r.pick(listed) : r.pick(others)) : null;
        const discount = actor.level !== 2 && r.chance(0.08);
        const language = product.languages.includes(c.language)
          ? c.language
          : product.languages.includes('en')
            ? 'en'
            : 'es';
        const body = {
          product_id: product.id,
          date: slot.date,
          time: slot.time,
          pax,
          customer_name: name,
          // The reserved `.example` top-level domain (RFC 2606): a demo with SMTP_URL set can
          // never write to a real person.
          customer_email: `${ascii(name)}${r.int(1, 99)}@${r.pick(['gmail.example', 'hotmail.example', 'yahoo.example', 'outlook.example', 'icloud.example'])}`,
          customer_phone: c.phone(),
          customer_country: c.country,
          language,
          accommodation_id: hotel,
          room: hotel ? String(r.int(1, 6) * 100 + r.int(1, 40)) : '',
          notes: r.chance(0.15) ? r.pick(NOTES) : '',
          discount_cents: discount ? 500 * r.int(1, 2) : undefined,
          discount_reason: discount ? r.pick(DISCOUNT_REASONS) : undefined,
          state: (product.instantConfirmation ? 'confirmed' : isPast || r.chance(0.6) ? 'confirmed' : 'pending') as
            | 'confirmed'
            | 'pending',
          passengers: r.chance(0.2) ? [{ full_name: name, pax_type: 'adult' as const, document_id: '' }] : undefined,
          answers: demoAnswers(
            product.questions ?? [],
            Object.values(pax).reduce((a, b) => a + b, 0),
            count,
          ),
        };
        const { state } = body;

        // Never a refusal here: at most three parties of up to eight seats per departure, sold
        // before the cut-off (the whole seed is one transaction; a refusal would abort it). Web
        // sales go through the public path, with the customer as the one who booked.
        const bookingId =
          channel === 'public'
            ? await sellInTransaction(tx, {
                product,
                operator,
                // A customer on the web gets no office discount.
                body: { ...body, discount_cents: undefined, discount_reason: undefined },
                channel: 'public',
                sellerId: null,
                actor: customerActor(name),
                state,
                cutoffOverrideLevel: null,
                now: soldAt,
              })
            : (
                await createBooking(
                  tx,
                  actor,
                  // Chosen by count, not by the generator: the rest of the demo stays as it was.
                  actor.level !== 2 && ctx.agencyId && product.tourOperatorId === ctx.ops.teide && count % 4 === 0
                    ? { ...body, channel_id: ctx.agencyId, reseller_reference: `VTS-${1000 + count}` }
                    : { ...body, channel: actor.level === 2 ? 'seller' : 'office' },
                  soldAt,
                )
              ).id;
        count += 1;

        // Money, through the payments service: web sales paid online at once (the system records
        // what the payment provider confirmed); others in full, a deposit, or on the day.
        const sold = await readBooking(tx, bookingId);
        const total = sold.total_cents;
        departureId ??= sold.departure_id;
        let paid = 0;
        const record = async (
          kind: 'payment' | 'refund',
          amount: number,
          method: 'cash' | 'card' | 'transfer' | 'online',
          at: Date,
          who: ChangeActor,
          collectedAtCheckIn = false,
        ) => {
          if (amount <= 0) return;
          await recordPayment(
            tx,
            who,
            bookingId,
            { kind, amountCents: amount, method, paidAt: at, collectedAtCheckIn },
            at,
          );
          paid += kind === 'payment' ? amount : -amount;
        };
        const payer = staffActor(actor.level === 2 ? actor : r.pick(office));
        const roll = r.next();
        if (channel === 'public') await record('payment', total, 'online', soldAt, systemActor('Pago en línea'));
        else if (roll < 0.55) {
          await record('payment', total, r.pick(['card', 'cash', 'card', 'transfer']), soldAt, payer);
        } else if (roll < 0.75) {
          const deposit = Math.min(total, Math.round((total * 0.3) / 100) * 100);
          await record('payment', deposit, r.pick(['card', 'cash']), soldAt, payer);
        } else if (isPast && realNow.getTime() - start < 3 * DAY) {
          // Paid on the day, these last days: the guide took the cash on board and still holds it
          // («Caja», issue 34). (No draw from the generator: the rest of the demo stays as it was.)
          await record('payment', total, 'cash', new Date(start - HOUR), staffActor(crew[0]), true);
        } else if (isPast) await record('payment', total, 'cash', new Date(start - HOUR), payer);

        // What happened next: cancelled, or (past departures) on board or a no-show.
        const fate = r.next();
        if (fate < 0.08) {
          const at = new Date(Math.min(realNow.getTime(), soldAt.getTime() + r.int(2, 72) * HOUR));
          const who = r.pick(office);
          await cancelBooking(tx, who, bookingId, r.pick(CANCEL_REASONS), at);
          if (paid > 0 && (refunds === 0 || r.chance(0.6))) {
            refunds += 1;
            await record('refund', paid, channel === 'public' ? 'online' : 'card', at, staffActor(who));
          }
        } else if (isPast && fate >= 0.15) {
          boarding.push({ id: bookingId, pickupTime: sold.pickup_time });
        }
      }

      // A past departure ended: the guide checked its passengers in on board, and at the end of the
      // day the office closed it (the checked-in ones done, the others no-shows), as a sheet does.
      if (isPast && departureId) {
        // (No draw from the generator here: the data of later departures stays what it was.)
        const guide = staffActor(crew[0]);
        for (const [k, b] of boarding.entries()) {
          const pickup =
            b.pickupTime && product.pickupEnabled ? zonedDateTimeToInstant(slot.date, b.pickupTime, tz) : null;
          await checkInBooking(
            tx,
            { tourOperatorId: op, departureId },
            { id: b.id },
            {
              actor: guide,
              now: pickup ?? new Date(start - 10 * 60_000),
              present: true,
              method: (['scan', 'tap', 'locator'] as const)[k % 3],
              overrideReason: null,
              summarySuffix: '',
            },
          );
        }
        await settleDepartureAtEnd(tx, departureId, {
          actor: staffActor(office.find((o) => o.level === 3) ?? office[0]),
          // An hour after the end, or now for a departure that ended less than an hour ago: the
          // demo never holds a change (nor the customers' messages it sends) dated in the future.
          now: new Date(Math.min(start + product.durationMinutes * 60_000 + HOUR, realNow.getTime())),
          summarySuffix: '',
        });
      }
    }
  }
  return { bookings: count };
}

const DEMO_TEXT_ANSWERS = ['Silla de ruedas plegable', 'Alergia a los frutos secos', 'Celíaco', 'Viaja con muletas'];

/**
 * Answers to a product's booking questions (ADR 024), chosen by the booking's count and not by the
 * generator, so the rest of the demo stays as it was: most answer, a few leave an optional one.
 */
function demoAnswers(questions: TProductQuestion[], paxTotal: number, count: number): TAnswerInput[] {
  const out: TAnswerInput[] = [];
  questions.forEach((q, k) => {
    const slots = q.scope === 'booking' ? [null] : Array.from({ length: paxTotal }, (_, n) => n + 1);
    for (const p of slots) {
      const seed = count * 7 + k * 3 + (p ?? 0);
      let value = '';
      if (q.kind === 'yes_no') value = seed % 6 === 0 ? 'no' : 'yes';
      else if (q.kind === 'choice') value = q.required || seed % 3 !== 0 ? q.options[seed % q.options.length] : '';
      else if (q.kind === 'text')
        value = q.required || seed % 9 === 0 ? DEMO_TEXT_ANSWERS[seed % DEMO_TEXT_ANSWERS.length] : '';
      if (value) out.push({ question_id: q.id, passenger: p, value });
    }
  });
  return out;
}
