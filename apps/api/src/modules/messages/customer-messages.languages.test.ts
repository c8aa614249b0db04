/**
 * Customer messages in the customer's language (issue 15), end to end on a real SMTP server on
 * loopback: a visitor whose browser asks for German gets the confirmation and the day-before
 * reminder in German (subject, HTML, text, calendar entry, links that open the pages in German, the
 * product's own texts translated); every customer message in each of the six languages without a
 * word of the Spanish dictionary; a booking in a language outside the six gets the operator's; a
 * language staff change later is the one the next message (even one already queued) leaves in; and
 * the WhatsApp texts in each language.
 */
import {
  addDays,
  CUSTOMER_MESSAGE_KINDS,
  LOCALE_TAGS,
  PUBLIC_LOCALES,
  type TCustomerMessageKind,
  type TPublicLocale,
  todayIn,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { BOOKING_READS } from '../../app';
import { tourOperators } from '../../db/schema';
import { api, booked, bookingBody, mkAccommodation, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { newKey, publicApi, publicBody } from '../public/public.test-helpers';
import { spanishIn } from './i18n/i18n.test-helpers';
import type { BookingMessagePayload } from './messages.booking-templates';
import { createMessageSender, type MessageSender } from './messages.delivery';
import { type RenderedMessage, renderMessage } from './messages.render';
import { createSmtpTransport } from './messages.transport';

const PUBLIC_URL = 'https://reservas.example.com';
const TZ = 'Europe/Madrid';
let app: FastifyInstance;
let smtp: TestSmtp;
let worker: MessageSender;
let w: World;
let product: { id: string };
let hotel: string;

/** The product's texts as its operator wrote them (Spanish, its default) and translated. */
const TRANSLATIONS: Record<Exclude<TPublicLocale, 'es'>, Record<string, unknown>> = {
  de: {
    name: 'Walbeobachtung',
    meeting_point: 'Hafen Puerto Colón, Steg 4',
    what_to_bring: ['Sonnencreme', 'eine leichte Jacke'],
    pickup_notes: 'Bitte warten Sie am Haupteingang.',
  },
  en: {
    name: 'Whale and dolphin watching',
    meeting_point: 'Puerto Colón marina, pontoon 4',
    what_to_bring: ['Sun cream', 'a light jacket'],
    pickup_notes: 'Please wait at the main entrance.',
  },
  fr: {
    name: 'Observation des cétacés',
    meeting_point: 'Port de Puerto Colón, ponton 4',
    what_to_bring: ['Crème solaire', 'une veste légère'],
    pickup_notes: 'Merci de patienter devant l’entrée principale.',
  },
  it: {
    name: 'Avvistamento di cetacei',
    meeting_point: 'Porto di Puerto Colón, pontile 4',
    what_to_bring: ['Crema solare', 'una giacca leggera'],
    pickup_notes: 'Attenda all’ingresso principale.',
  },
  nl: {
    name: 'Walvissen en dolfijnen spotten',
    meeting_point: 'Jachthaven Puerto Colón, steiger 4',
    what_to_bring: ['Zonnebrand', 'een lichte jas'],
    pickup_notes: 'Wacht bij de hoofdingang.',
  },
};
const NAME: Record<TPublicLocale, string> = {
  es: 'Avistamiento de cetáceos',
  ...(Object.fromEntries(Object.entries(TRANSLATIONS).map(([l, t]) => [l, t.name])) as Record<
    Exclude<TPublicLocale, 'es'>,
    string
  >),
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  // No SMTP_URL: this file's worker sends when told (deliver), so a test can change a booking
  // between the moment its message is queued and the moment it leaves.
  app = await buildTestApp({ env: { PUBLIC_URL } });
  await app.ready();
  worker = createMessageSender({
    db: app.db,
    transport: createSmtpTransport({ url: smtp.url, from: 'Trayecto <no-reply@trayecto.test>' }),
    render: (m) => renderMessage(app.db, m, { origin: PUBLIC_URL, now: new Date(), reads: BOOKING_READS }),
    retry: { baseDelayMs: 0, maxDelayMs: 0 },
  });
  w = await createWorld(app);
  await app.db.execute(
    sql`update ${tourOperators} set email = 'hola@teide-tours.example', phone = '+34 922 000 000' where id = ${w.A.op.id}`,
  );
  hotel = await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje', {
    pickupPoint: 'puerta principal',
  });
  product = await mkProduct(app, w.tokens.A1, {
    name: NAME.es,
    capacity: 500,
    duration_minutes: 180,
    meeting_point: 'Puerto Colón, pantalán 4',
    free_cancellation_hours: 24,
    pickups: [{ accommodation_id: hotel, minutes_before: 40 }],
  });
  await app.db.execute(sql`
    update products set
      what_to_bring = array['Crema solar', 'Chaqueta ligera'],
      pickup_notes = 'Espera en la puerta principal del hotel.',
      translations = ${JSON.stringify(TRANSLATIONS)}::jsonb
    where id = ${product.id}`);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

/** Sends everything due now, as a worker with SMTP does. */
async function deliver() {
  while ((await worker.runOnce()) > 0) {}
}

async function rowsOf(bookingId: string) {
  const res = await app.db.execute<{ kind: string; state: string; locale: string; subject: string; channel: string }>(
    sql`select kind, state, locale, subject, channel from messages where booking_id = ${bookingId} order by created_at, id`,
  );
  return res.rows;
}

const dayIn = (tag: string, date: string) =>
  new Intl.DateTimeFormat(tag, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

describe('the Done-when of issue 15', () => {
  it('a visitor whose browser asks for German gets the confirmation and the reminder the day before in German', async () => {
    const D = addDays(todayIn(TZ), 3);
    const res = await publicApi(app).send(
      'POST',
      '/api/v1/public/bookings',
      // The German booking form sends its language; the browser asks for German.
      publicBody(product.id, {
        date: D,
        language: 'de',
        customer_name: 'Anna Schmidt',
        customer_email: 'anna@example.de',
        customer_country: 'DE',
        accommodation_id: hotel,
        room: '214',
        pax: { adult: 2, child: 1 },
      }),
      { 'idempotency-key': newKey(), 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    );
    expect(res.statusCode).toBe(201);
    const booking = res.json() as { id: string; locator: string };
    await deliver();

    const mail = await smtp.mailTo('anna@example.de', 'Buchung bestätigt');
    const when = `${dayIn('de-DE', D)} um 09:00 Uhr`;
    expect(mail.subject).toBe(`Buchung bestätigt: Walbeobachtung, ${dayIn('de-DE', D)} (${booking.locator})`);
    const text = mail.text ?? '';
    for (const line of [
      'Guten Tag Anna Schmidt,',
      'Ihre Buchung für „Walbeobachtung“ ist bestätigt. Vielen Dank, dass Sie bei Operador A gebucht haben!',
      `Buchungsnummer: ${booking.locator}`,
      'Ausflug: Walbeobachtung',
      `Datum: ${when}`,
      'Personen: 2 Erwachsene, 1 Kind',
      'Dauer: 3 Stunden',
      'Abholung: 08:20 Uhr – Hotel Bahía del Duque (puerta principal) · Zimmer 214',
      'Gesamtbetrag: 115,00 €',
      'Offener Betrag: 115,00 €',
      'seien Sie 5 Minuten vor der Abholzeit am Abholort',
      'Bitte mitbringen: Sonnencreme und eine leichte Jacke.',
      'Hinweise zur Abholung: Bitte warten Sie am Haupteingang.',
      'Kostenlose Stornierung bis ',
      'Haben Sie Fragen? Wir helfen Ihnen gern: Rufen Sie uns unter +34 922 000 000 an oder schreiben Sie an hola@teide-tours.example.',
    ]) {
      expect(text).toContain(line);
    }
    // The pages the links open speak German too.
    const voucher = `${PUBLIC_URL}/public/landing/booking-voucher/${booking.id}?lang=de`;
    const manage = `${PUBLIC_URL}/public/booking/${booking.id}?lang=de`;
    expect(text).toContain(`Voucher anzeigen:\n${voucher}`);
    expect(text).toContain(`Buchung ansehen oder ändern:\n${manage}`);
    const html = mail.html || '';
    expect(html).toMatch(/<html lang="de-DE" dir="ltr"/);
    expect(html).toContain(`href="${voucher}"`);
    expect(html).toContain('Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:');
    expect(html).toContain('Gesendet von Trayecto im Auftrag von Operador A.');
    expect(spanishIn(`${mail.subject}\n${text}\n${html}`)).toEqual([]);

    // The calendar entry, in German.
    const ics = mail.attachments.find((a) => a.filename === `buchung-${booking.locator}.ics`);
    expect(ics).toBeDefined();
    const source = ics?.content.toString('utf8') ?? '';
    const ev = new ICAL.Event(new ICAL.Component(ICAL.parse(source)).getFirstSubcomponent('vevent') ?? undefined);
    expect(ev.summary).toBe(`Walbeobachtung (${booking.locator})`);
    expect(ev.location).toBe('08:20 Uhr – Hotel Bahía del Duque (puerta principal) · Zimmer 214');
    expect(ev.description).toBe(
      [
        `Buchungsnummer: ${booking.locator}`,
        'Abholung: 08:20 Uhr – Hotel Bahía del Duque (puerta principal) · Zimmer 214',
        `Voucher: ${voucher}`,
        'Kontakt: +34 922 000 000',
      ].join('\n'),
    );
    expect(source).toMatch(/PRODID:.*\/\/DE/);
    expect(spanishIn(source)).toEqual([]);
    expect(await rowsOf(booking.id)).toMatchObject([{ kind: 'booking_confirmed', state: 'sent', locale: 'de' }]);

    // The day before, at the operator's hour (18:00 in Madrid): the reminder, in German.
    await app.db.execute(sql`update bookings set created_at = now() - interval '10 days' where id = ${booking.id}`);
    const moment = zonedDateTimeToInstant(addDays(D, -1), '18:00', TZ);
    expect(
      (await app.background.runner.runTask('messages.reminders', new Date(moment.getTime() + 60_000))).result,
    ).toBeGreaterThanOrEqual(1);
    await deliver();
    const reminder = await smtp.mailTo('anna@example.de', 'Morgen ist Ihr Ausflug');
    expect(reminder.subject).toBe(`Morgen ist Ihr Ausflug: Walbeobachtung, ${dayIn('de-DE', D)} (${booking.locator})`);
    const rt = reminder.text ?? '';
    expect(rt).toContain('Guten Tag Anna Schmidt,');
    expect(rt).toContain('Ihr Ausflug „Walbeobachtung“ findet schon morgen statt.');
    expect(rt).toContain(
      'Abholung: 08:20 Uhr – Hotel Bahía del Duque (puerta principal) · Zimmer 214. Halten Sie bitte Ihren Voucher bereit',
    );
    expect(rt).toContain(`Voucher anzeigen:\n${voucher}`);
    expect(reminder.html).toMatch(/<html lang="de-DE"/);
    expect(spanishIn(`${reminder.subject}\n${rt}\n${reminder.html}`)).toEqual([]);
    expect((await rowsOf(booking.id)).map((r) => [r.kind, r.state, r.locale])).toEqual([
      ['booking_confirmed', 'sent', 'de'],
      ['booking_reminder', 'sent', 'de'],
    ]);
  });
});

/** A phrase each language's messages are known to say (written here, not read from the dictionaries). */
const KNOWN: Record<
  TPublicLocale,
  { subjects: Record<TCustomerMessageKind, string>; pax: string; total: string; greeting: string }
> = {
  es: {
    subjects: {
      booking_confirmed: 'Reserva confirmada: ',
      booking_requested: 'Hemos recibido tu solicitud: ',
      booking_prepared: 'Tu reserva está lista para confirmar: ',
      booking_changed: 'Cambios en tu reserva: ',
      booking_cancelled: 'Reserva cancelada: ',
      payment_received: 'Pago recibido: ',
      payment_refunded: 'Reembolso de tu reserva: ',
      payment_link: 'Paga tu reserva en línea: ',
      booking_reminder: 'Mañana es tu excursión: ',
      departure_cancelled: 'Salida cancelada: ',
    },
    pax: 'Pasajeros: 2 adultos, 1 niño',
    total: 'Total: 115,00 €',
    greeting: 'Hola, Kim Jansen:',
  },
  en: {
    subjects: {
      booking_confirmed: 'Booking confirmed: ',
      booking_requested: 'We’ve received your booking request: ',
      booking_prepared: 'Your booking is ready for you to confirm: ',
      booking_changed: 'Changes to your booking: ',
      booking_cancelled: 'Booking cancelled: ',
      payment_received: 'Payment received: ',
      payment_refunded: 'Refund for your booking: ',
      payment_link: 'Pay for your booking online: ',
      booking_reminder: 'Your tour is tomorrow: ',
      departure_cancelled: 'Tour cancelled: ',
    },
    pax: 'Guests: 2 adults, 1 child',
    total: 'Total: €115.00',
    greeting: 'Hello Kim Jansen,',
  },
  de: {
    subjects: {
      booking_confirmed: 'Buchung bestätigt: ',
      booking_requested: 'Ihre Buchungsanfrage ist eingegangen: ',
      booking_prepared: 'Ihre Buchung wartet auf Ihre Bestätigung: ',
      booking_changed: 'Änderungen an Ihrer Buchung: ',
      booking_cancelled: 'Buchung storniert: ',
      payment_received: 'Zahlung erhalten: ',
      payment_refunded: 'Erstattung zu Ihrer Buchung: ',
      payment_link: 'Ihre Buchung online bezahlen: ',
      booking_reminder: 'Morgen ist Ihr Ausflug: ',
      departure_cancelled: 'Ausflug abgesagt: ',
    },
    pax: 'Personen: 2 Erwachsene, 1 Kind',
    total: 'Gesamtbetrag: 115,00 €',
    greeting: 'Guten Tag Kim Jansen,',
  },
  fr: {
    subjects: {
      booking_confirmed: 'Réservation confirmée\u00a0: ',
      booking_requested: 'Nous avons bien reçu votre demande\u00a0: ',
      booking_prepared: 'Votre réservation n’attend plus que votre confirmation\u00a0: ',
      booking_changed: 'Modifications de votre réservation\u00a0: ',
      booking_cancelled: 'Réservation annulée\u00a0: ',
      payment_received: 'Paiement reçu\u00a0: ',
      payment_refunded: 'Remboursement de votre réservation\u00a0: ',
      payment_link: 'Réglez votre réservation en ligne\u00a0: ',
      booking_reminder: 'Votre excursion, c’est demain\u00a0: ',
      departure_cancelled: 'Excursion annulée\u00a0: ',
    },
    pax: 'Participants\u00a0: 2 adultes, 1 enfant',
    total: 'Total\u00a0: 115,00 €',
    greeting: 'Bonjour Kim Jansen,',
  },
  it: {
    subjects: {
      booking_confirmed: 'Prenotazione confermata: ',
      booking_requested: 'Abbiamo ricevuto la sua richiesta: ',
      booking_prepared: 'La sua prenotazione attende la conferma: ',
      booking_changed: 'Modifiche alla sua prenotazione: ',
      booking_cancelled: 'Prenotazione annullata: ',
      payment_received: 'Pagamento ricevuto: ',
      payment_refunded: 'Rimborso della sua prenotazione: ',
      payment_link: 'Paghi la sua prenotazione online: ',
      booking_reminder: 'Domani la sua escursione: ',
      departure_cancelled: 'Escursione annullata: ',
    },
    pax: 'Partecipanti: 2 adulti, 1 bambino',
    total: 'Totale: 115,00 €',
    greeting: 'Gentile Kim Jansen,',
  },
  nl: {
    subjects: {
      booking_confirmed: 'Boeking bevestigd: ',
      booking_requested: 'We hebben uw aanvraag ontvangen: ',
      booking_prepared: 'Uw boeking wacht op uw bevestiging: ',
      booking_changed: 'Wijzigingen in uw boeking: ',
      booking_cancelled: 'Boeking geannuleerd: ',
      payment_received: 'Betaling ontvangen: ',
      payment_refunded: 'Terugbetaling voor uw boeking: ',
      payment_link: 'Betaal uw boeking online: ',
      booking_reminder: 'Morgen is uw excursie: ',
      departure_cancelled: 'Excursie geannuleerd: ',
    },
    pax: 'Deelnemers: 2 volwassenen, 1 kind',
    total: 'Totaal: € 115,00',
    greeting: 'Beste Kim Jansen,',
  },
};

/** The operator's "what happens next", as staff would write it for that customer. */
const NEXT_STEPS: Record<TPublicLocale, string> = {
  es: 'Te devolveremos el importe íntegro.',
  en: 'We will refund the full amount.',
  de: 'Wir erstatten Ihnen den vollen Betrag.',
  fr: 'Nous vous rembourserons intégralement.',
  it: 'Le rimborseremo l’intero importo.',
  nl: 'We betalen het volledige bedrag terug.',
};

/** Every customer message of a booking, rendered as it would leave (cancelled kinds too: a preview). */
async function renderAll(bookingId: string, locale: TPublicLocale) {
  const payloads: Partial<Record<TCustomerMessageKind, BookingMessagePayload[]>> = {
    booking_changed: [
      {
        changes: {
          date: [addDays(todayIn(TZ), 4), addDays(todayIn(TZ), 5)],
          time: ['09:00', '18:00'],
          pax: [{ adult: 2, child: 1 }, { adult: 3 }],
          pickup_time: ['08:20', '17:20'],
          accommodation_id: [null, hotel],
          room: ['214', '215'],
          product_id: [product.id, product.id],
          total_cents: [11500, 13500],
        },
      },
    ],
    booking_cancelled: [{ by: 'staff' }, { by: 'customer' }],
    payment_received: [{ amount_cents: 5000, method: 'card' }, { amount_cents: 5000 }],
    payment_refunded: [{ amount_cents: 5000, method: 'transfer' }],
    payment_link: [{ amount_cents: 8050, expires_at: '2030-01-10T09:00:00.000Z' }],
    booking_reminder: [{ date: addDays(todayIn(TZ), 4) }],
    departure_cancelled: [
      { departure_reason: 'weather', next_steps: NEXT_STEPS[locale] },
      { next_steps: NEXT_STEPS[locale] },
    ],
  };
  const out: { kind: TCustomerMessageKind; m: RenderedMessage }[] = [];
  for (const kind of CUSTOMER_MESSAGE_KINDS) {
    for (const payload of payloads[kind] ?? [{}]) {
      const m = await renderMessage(
        app.db,
        { kind, booking_id: bookingId, payload, subject: '', html: '', text: '' },
        { origin: PUBLIC_URL, now: new Date(), forPreview: true, reads: BOOKING_READS },
      );
      if ('skip' in m) throw new Error(`${kind} skipped: ${m.skip}`);
      out.push({ kind, m });
    }
  }
  return out;
}

describe('every customer message in each language', () => {
  it.each(PUBLIC_LOCALES)(
    '%s: every kind, its subject, body, calendar entry and links; no Spanish word elsewhere',
    async (locale) => {
      const b = await booked(
        app,
        w.tokens.A1,
        bookingBody(product.id, {
          date: addDays(todayIn(TZ), 4),
          language: locale,
          customer_name: 'Kim Jansen',
          customer_email: `kim.${locale}@example.com`,
          accommodation_id: hotel,
          room: '214',
        }),
      );
      const paid = await api(app).send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
        amount_cents: 5000,
        method: 'card',
      });
      expect(paid.statusCode).toBe(201);
      const rendered = await renderAll(b.id, locale);
      expect(rendered.length).toBeGreaterThanOrEqual(CUSTOMER_MESSAGE_KINDS.length);
      const known = KNOWN[locale];
      for (const { kind, m } of rendered) {
        const all = `${m.subject}\n${m.text}\n${m.html}\n${m.attachments.map((a) => a.content).join('\n')}`;
        expect(m.locale, kind).toBe(locale);
        expect(m.subject.startsWith(known.subjects[kind]), `${kind}: ${m.subject}`).toBe(true);
        expect(m.subject, kind).toContain(NAME[locale]);
        expect(m.text.startsWith(`Operador A\n\n${known.greeting}`), kind).toBe(true);
        expect(m.html, kind).toContain(`<html lang="${LOCALE_TAGS[locale]}"`);
        // Every link opens its page in the message's language.
        for (const href of m.text.match(/https:\/\/reservas\.example\.com\/\S+/g) ?? []) {
          expect(href, kind).toMatch(new RegExp(`\\?lang=${locale}$`));
        }
        expect(all, kind).not.toMatch(/\{\w+\}/);
        if (locale !== 'es') expect(spanishIn(all), kind).toEqual([]);
        if (['booking_confirmed', 'booking_requested', 'payment_received', 'booking_reminder'].includes(kind)) {
          expect(m.text, kind).toContain(known.pax);
          expect(m.text, kind).toContain(known.total);
        }
      }
      // The confirmation and a change carry the calendar entry, named in the language.
      const confirmed = rendered.find((r) => r.kind === 'booking_confirmed')?.m;
      expect(confirmed?.attachments).toHaveLength(1);
      expect(confirmed?.attachments[0].content).toContain(`SUMMARY:${NAME[locale]} (${b.locator})`);
    },
  );
});

describe('which language', () => {
  it('a booking in a language outside the six is written to in the operator’s default one', async () => {
    await app.db.execute(sql`update ${tourOperators} set default_language = 'en' where id = ${w.B.op.id}`);
    const other = await mkProduct(app, w.tokens.B1, { name: 'Teide by night', capacity: 50 });
    const b = await booked(
      app,
      w.tokens.B1,
      bookingBody(other.id, { language: 'ru', customer_name: 'Ivan Petrov', customer_email: 'ivan@example.com' }),
    );
    const [queued] = await rowsOf(b.id);
    expect(queued).toMatchObject({ kind: 'booking_confirmed', locale: 'en' });
    expect(queued.subject).toMatch(/^Booking confirmed: Teide by night, /);
    await deliver();
    const mail = await smtp.mailTo('ivan@example.com', 'Booking confirmed');
    expect(mail.text).toContain('Hello Ivan Petrov,');
    expect(mail.text).toContain('?lang=en');
    expect(spanishIn(`${mail.text}\n${mail.html}`)).toEqual([]);
  });

  it('the subject is queued in the customer’s language, the product named in it', async () => {
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, {
        language: 'nl',
        customer_email: 'wachtrij@example.com',
        date: addDays(todayIn(TZ), 6),
      }),
    );
    const [row] = await rowsOf(b.id);
    expect(row.locale).toBe('nl');
    expect(row.subject).toBe(
      `Boeking bevestigd: ${NAME.nl}, ${dayIn('nl-NL', addDays(todayIn(TZ), 6))} (${b.locator})`,
    );
    await deliver();
  });

  it('staff change the booking’s language: the message still queued and every later one leave in the new one', async () => {
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { language: 'es', customer_email: 'cambia@example.com', date: addDays(todayIn(TZ), 7) }),
    );
    expect((await rowsOf(b.id))[0]).toMatchObject({ locale: 'es', state: 'queued' });
    const put = await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { language: 'it' });
    expect(put.statusCode).toBe(200);
    // The preview staff read in "Mensajes" is already the Italian one.
    const [{ id }] = (await app.db.execute<{ id: string }>(sql`select id from messages where booking_id = ${b.id}`))
      .rows;
    const preview = await api(app).get(`/api/v1/messages/${id}`, w.tokens.A1);
    expect(preview.json().subject).toMatch(/^Prenotazione confermata: Avvistamento di cetacei, /);
    expect(preview.json().locale).toBe('it');

    await deliver();
    const mail = await smtp.mailTo('cambia@example.com', 'Prenotazione confermata');
    expect(mail.text).toContain('La sua prenotazione per «Avvistamento di cetacei» è confermata.');
    await api(app).send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      amount_cents: 2000,
      method: 'cash',
    });
    await deliver();
    const payment = await smtp.mailTo('cambia@example.com', 'Pagamento ricevuto');
    expect(payment.text).toContain('Abbiamo ricevuto il suo pagamento di 20,00 € (in contanti). Grazie!');
    expect((await rowsOf(b.id)).map((r) => [r.kind, r.state, r.locale])).toEqual([
      ['booking_confirmed', 'sent', 'it'],
      ['payment_received', 'sent', 'it'],
    ]);
  });
});

/** The greeting and a sentence each language's WhatsApp texts are known to say. */
const WHATSAPP: Record<TPublicLocale, { confirmed: string; reminder: string; cancelledPaid: string }> = {
  es: {
    confirmed: 'Hola, Kim. Te escribimos de Operador A.',
    reminder: 'que mañana es tu excursión «Avistamiento de cetáceos»',
    cancelledPaid: 'Tienes pagados 50,00 €: te avisaremos cuando hagamos el reembolso.',
  },
  en: {
    confirmed: 'Hi Kim, this is Operador A.',
    reminder: 'your tour ‘Whale and dolphin watching’ is tomorrow',
    cancelledPaid: 'You have paid €50.00, and we’ll let you know as soon as we’ve made your refund.',
  },
  de: {
    confirmed: 'Guten Tag Kim! Hier ist Operador A.',
    reminder: 'Morgen ist Ihr Ausflug „Walbeobachtung“',
    cancelledPaid: 'Sie haben 50,00 € bezahlt; wir melden uns, sobald die Erstattung veranlasst ist.',
  },
  fr: {
    confirmed: 'Bonjour Kim\u00a0! Ici Operador A.',
    reminder: 'votre excursion «\u00a0Observation des cétacés\u00a0» a lieu demain',
    cancelledPaid: 'Vous avez réglé 50,00 €\u00a0; nous vous préviendrons dès que le remboursement aura été effectué.',
  },
  it: {
    confirmed: 'Buongiorno Kim! Le scriviamo da Operador A.',
    reminder: 'domani c’è la sua escursione «Avvistamento di cetacei»',
    cancelledPaid: 'Ha pagato 50,00 €: la avviseremo non appena avremo effettuato il rimborso.',
  },
  nl: {
    confirmed: 'Hallo Kim, dit is een bericht van Operador A.',
    reminder: 'morgen is uw excursie ‘Walvissen en dolfijnen spotten’',
    cancelledPaid: 'U hebt € 50,00 betaald; we laten het u weten zodra we dat bedrag hebben terugbetaald.',
  },
};

describe('WhatsApp in each language', () => {
  it.each(PUBLIC_LOCALES)('%s: the texts staff send, with the links in the language', async (locale) => {
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, {
        date: addDays(todayIn(TZ), 5),
        language: locale,
        customer_name: 'Kim Jansen',
        customer_phone: '+49 176 12345678',
        customer_country: 'DE',
        customer_email: '',
        accommodation_id: hotel,
      }),
    );
    const open = async (kind?: string) => {
      const res = await api(app).send('POST', `/api/v1/bookings/${b.id}/whatsapp`, w.tokens.A1, kind ? { kind } : {});
      expect(res.statusCode).toBe(201);
      return res.json().text as string;
    };
    const known = WHATSAPP[locale];
    const voucher = `${PUBLIC_URL}/public/landing/booking-voucher/${b.id}?lang=${locale}`;
    const confirmed = await open();
    expect(confirmed.startsWith(known.confirmed)).toBe(true);
    expect(confirmed.endsWith(voucher)).toBe(true);
    const reminder = await open('booking_reminder');
    expect(reminder).toContain(known.reminder);
    const prepared = await open('booking_prepared');
    expect(prepared.endsWith(`${PUBLIC_URL}/public/booking/${b.id}?lang=${locale}`)).toBe(true);

    await api(app).send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      amount_cents: 5000,
      method: 'card',
    });
    expect(
      (await api(app).send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, { reason: 'x' })).statusCode,
    ).toBe(200);
    const cancelled = await open();
    expect(cancelled).toContain(known.cancelledPaid);
    for (const text of [confirmed, reminder, prepared, cancelled]) {
      expect(text).not.toMatch(/\{\w+\}/);
      if (locale !== 'es') expect(spanishIn(text)).toEqual([]);
    }
    const logged = (await rowsOf(b.id)).filter((r) => r.channel === 'whatsapp');
    expect(logged).toHaveLength(4);
    expect(logged.every((r) => r.locale === locale)).toBe(true);
  });
});
