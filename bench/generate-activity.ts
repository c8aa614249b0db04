/**
 * What the later waves' screens read, generated after the bookings by bench/generate.ts (issue 35:
 * "the 1 M generator fills their tables"), with set-based SQL like the rest of the data set:
 *
 * - channels (ADR 023): per operator three OCTO resellers (their keys) and two agencies; about 7 % of
 *   the bookings of the last two years become theirs (channel `channel`, the channel's commission,
 *   a reseller's reference, an OCTO uuid for a reseller's), and the OCTO request log of the last
 *   90 days (its retention): a reservation and a confirmation per booking, and the availability
 *   checks before them;
 * - the bookings' history (`booking_events`): `created` for every booking with who sold it (the
 *   customer, staff or a channel), `payment` for each payment, `cancelled` for each cancellation;
 * - the outbox (`messages`, sent): the customer's confirmation of every booking with an e-mail that
 *   no channel sold, the reminder the day before for those that took place, the cancellation notice;
 * - the background jobs of the last 7 days (the purge keeps 7 days of finished ones): each online
 *   hold's expiry;
 * - payment links for the future bookings still owing part of their price.
 *
 * Runs while the bookings' triggers are off and their keys dropped (generate.ts); the report totals
 * are rebuilt afterwards from the bookings as they end up (channels included).
 */
import type pg from 'pg';
import { type Step, withoutIndexes } from './generate-operations';

/** The channels of each operator: name, kind, commission %, who collects, reference prefix, share of the sales. */
const CHANNELS: [string, 'octo' | 'agency', number, 'agency' | 'operator', string, number][] = [
  ['GetYourGuide', 'octo', 25, 'agency', 'GYG', 0.3],
  ['Viator', 'octo', 22, 'agency', 'VIA', 0.25],
  ['Civitatis', 'octo', 18, 'agency', 'CIV', 0.2],
  ['Viajes Drago (agencia)', 'agency', 10, 'operator', 'DRA', 0.15],
  ['Conserjería Hotel Bahía', 'agency', 12, 'operator', 'BAH', 0.1],
];

export async function generateActivity(c: pg.Client, step: Step) {
  await step(
    'canales de venta (3 OCTO + 2 agencias por operador) y sus claves',
    async () => {
      const values = CHANNELS.map(
        ([name, kind, pct, collects, prefix, share], k) =>
          `('${name}', '${kind}', ${pct}, '${collects}', '${prefix}', ${share}, ${k + 1})`,
      ).join(', ');
      await c.query(`
        create temp table chan as
        select gen_random_uuid() as id, o.id as op_id, o.ord, v.name, v.kind, v.pct, v.collects, v.prefix, v.share, v.k,
               coalesce(sum(v.share) over (partition by o.id order by v.k rows between unbounded preceding and 1 preceding), 0) as lo
        from ops o cross join (values ${values}) as v(name, kind, pct, collects, prefix, share, k)`);
      const r = await c.query(`
        insert into channels (id, tour_operator_id, name, kind, commission_pct, collects, contact_email, created_at, updated_at)
        select id, op_id, name, kind, pct, collects, format('reservas@%s.test', lower(prefix)),
               now() - interval '2 years', now() - interval '2 years'
        from chan`);
      await c.query(`
        insert into channel_keys (tour_operator_id, channel_id, label, key_hash, key_prefix, created_at, last_used_at)
        select op_id, id, 'Producción', encode(sha256(convert_to('bench-key-' || id::text, 'UTF8')), 'hex'),
               'tyk_' || left(md5(id::text), 6), now() - interval '2 years', now() - interval '5 minutes'
        from chan where kind = 'octo'`);
      return r.rowCount ?? 0;
    },
    (n) => n,
  );

  await step(
    'reservas de los canales (~7 % de las de los dos últimos años)',
    async () => {
      // One draw per booking (its locator's hash): under 7 % → a channel, chosen by the same draw.
      const r = await c.query(`
        with pick as (
          select b.id, b.tour_operator_id, b.total_cents, b.locator,
                 (abs(hashtext('chan:' || b.locator)) % 1000000) / 1000000.0 as u
          from bookings b
          where b.created_at > now() - interval '2 years' and b.channel in ('public', 'office')
        )
        update bookings b
        set channel = 'channel', channel_id = ch.id, seller_id = null, created_by = null,
            commission_pct = ch.pct, commission_cents = (b.total_cents * ch.pct / 100)::int,
            reseller_reference = ch.prefix || '-' || upper(substr(md5(b.locator), 1, 8)),
            octo_uuid = case when ch.kind = 'octo' then md5('octo:' || b.locator)::uuid end
        from pick p
        join chan ch on ch.op_id = p.tour_operator_id and p.u / 0.07 >= ch.lo and p.u / 0.07 < ch.lo + ch.share
        where b.id = p.id and p.u < 0.07`);
      return r.rowCount ?? 0;
    },
    (n) => n,
  );

  await step(
    'registro de peticiones OCTO (90 días)',
    () =>
      withoutIndexes(c, 'channel_requests', async () => {
        const r = await c.query(`
          insert into channel_requests (tour_operator_id, channel_id, key_id, method, path, status, duration_ms, error_code, at)
          select b.tour_operator_id, b.channel_id, k.id, q.method,
                 replace(q.path, ':uuid', b.octo_uuid::text), q.status,
                 20 + abs(hashtext(b.locator || q.n::text)) % 180,
                 case when q.status >= 400 then 'UNPROCESSABLE_ENTITY' end,
                 b.created_at + (q.n - 6) * interval '7 seconds'
          from bookings b
          join channel_keys k on k.channel_id = b.channel_id
          cross join lateral (values
              (1, 'GET', '/api/octo/v1/products', 200), (2, 'POST', '/api/octo/v1/availability', 200),
              (3, 'POST', '/api/octo/v1/availability', 200), (4, 'POST', '/api/octo/v1/availability', 200),
              (5, 'POST', '/api/octo/v1/bookings', case when abs(hashtext(b.locator)) % 50 = 0 then 400 else 200 end),
              (6, 'POST', '/api/octo/v1/bookings/:uuid/confirm', 200)) as q(n, method, path, status)
          where b.channel = 'channel' and b.octo_uuid is not null and b.created_at > now() - interval '90 days'`);
        return r.rowCount ?? 0;
      }),
    (n) => n,
  );

  await step(
    'historial de las reservas (creada, cobros, cancelaciones)',
    () =>
      withoutIndexes(c, 'booking_events', async () => {
        const created = await c.query(`
          insert into booking_events (tour_operator_id, booking_id, type, data, actor_id, actor_kind, actor_label, created_at)
          select b.tour_operator_id, b.id, 'created',
                 jsonb_build_object('product_id', b.product_id, 'date', b.date, 'time', b.time,
                                    'pax', (select jsonb_object_agg(l ->> 'pax_type', (l ->> 'quantity')::int)
                                            from jsonb_array_elements(b.lines) l),
                                    'total_cents', b.total_cents, 'state',
                                    case when b.state in ('pending', 'confirmed') then b.state else 'confirmed' end,
                                    'channel', b.channel, 'seller_id', b.seller_id),
                 b.created_by,
                 case b.channel when 'public' then 'customer' when 'channel' then 'channel' else 'staff' end,
                 case b.channel when 'public' then b.customer_name when 'channel' then coalesce(ch.name, '')
                                else coalesce(u.full_name, '') end,
                 b.created_at
          from bookings b
          left join users u on u.id = b.created_by
          left join channels ch on ch.id = b.channel_id`);
        const paid = await c.query(`
          insert into booking_events (tour_operator_id, booking_id, type, data, actor_id, actor_kind, actor_label, created_at)
          select p.tour_operator_id, p.booking_id, 'payment',
                 jsonb_build_object('payment_id', p.id, 'amount_cents', p.amount_cents, 'method', p.method, 'reference', ''),
                 p.recorded_by, case when p.recorded_by is null then 'customer' else 'staff' end,
                 coalesce(u.full_name, ''), p.paid_at + interval '1 millisecond'
          from payments p left join users u on u.id = p.recorded_by`);
        const cancelled = await c.query(`
          insert into booking_events (tour_operator_id, booking_id, type, data, actor_id, actor_kind, actor_label, created_at)
          select b.tour_operator_id, b.id, 'cancelled',
                 jsonb_build_object('reason', b.cancel_reason, 'from', 'confirmed', 'seats_released', b.seats),
                 b.created_by, 'staff', coalesce(u.full_name, ''),
                 coalesce(b.cancelled_at, b.updated_at)
          from bookings b left join users u on u.id = b.created_by
          where b.state = 'cancelled'`);
        return (created.rowCount ?? 0) + (paid.rowCount ?? 0) + (cancelled.rowCount ?? 0);
      }),
    (n) => n,
  );

  await step(
    'mensajes enviados (confirmación, recordatorio, cancelación)',
    // Its key stays (payment links point at it: withoutIndexes cannot drop it); its other indexes
    // are dropped for the load and rebuilt as migrated.
    async () => {
      const secondary = await c.query<{ name: string; def: string }>(
        `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
         where indrelid = 'messages'::regclass and not indisprimary`,
      );
      for (const i of secondary.rows) await c.query(`drop index "${i.name}"`);
      try {
        // Customers' messages keep no rendered body (the sender renders it from the booking).
        const r = await c.query(`
          insert into messages (tour_operator_id, kind, channel, dedupe_key, recipient, recipient_name, subject, html, text,
                                state, attempts, next_attempt_at, sent_at, booking_id, locale, created_at, updated_at)
          select b.tour_operator_id, m.kind, 'email', m.kind || ':' || b.id || m.suffix, b.customer_email, b.customer_name,
                 m.subject || ': ' || p.name, '', '', 'sent', 1, m.at, m.at + interval '3 seconds', b.id, b.language,
                 m.at, m.at + interval '3 seconds'
          from bookings b
          join products p on p.id = b.product_id
          cross join lateral (values
              ('booking_confirmed', '', 'Reserva confirmada', b.created_at, b.state <> 'pending'),
              ('booking_reminder', ':' || b.date::text, 'Recordatorio',
               (b.date - 1)::timestamp + time '10:00', b.state in ('completed', 'no_show')
                                                        and b.created_at < (b.date - 1)::timestamp + time '10:00'),
              ('booking_cancelled', '', 'Reserva cancelada', coalesce(b.cancelled_at, b.updated_at), b.state = 'cancelled'))
            as m(kind, suffix, subject, at, wanted)
          where m.wanted and b.customer_email <> '' and b.channel <> 'channel'`);
        return r.rowCount ?? 0;
      } finally {
        for (const i of secondary.rows) await c.query(i.def);
      }
    },
    (n) => n,
  );

  await step(
    'trabajos en segundo plano de los últimos 7 días (fin de retenciones)',
    async () => {
      const r = await c.query(`
        insert into jobs (kind, dedupe_key, payload, state, run_at, attempts, created_at, updated_at, finished_at)
        select 'payments.hold-expiry', 'payments.hold-expiry:' || b.id || ':' || (b.created_at + interval '15 minutes'),
               jsonb_build_object('booking_id', b.id), 'done', b.created_at + interval '15 minutes', 1,
               b.created_at, b.created_at + interval '15 minutes', b.created_at + interval '15 minutes'
        from bookings b
        where b.channel = 'public' and b.created_at > now() - interval '7 days'
          and b.created_at + interval '15 minutes' < now()`);
      return r.rowCount ?? 0;
    },
    (n) => n,
  );

  await step(
    'enlaces de pago de las reservas futuras con importe pendiente',
    async () => {
      const r = await c.query(`
        insert into payment_links (tour_operator_id, booking_id, amount_cents, expires_at, channel, created_by, created_at)
        select b.tour_operator_id, b.id, b.total_cents - b.paid_cents + b.refunded_cents,
               b.created_at + interval '7 days', 'email', b.created_by, b.created_at + interval '1 hour'
        from bookings b
        where b.date >= current_date and b.state in ('pending', 'confirmed')
          and b.total_cents - b.paid_cents + b.refunded_cents > 0`);
      return r.rowCount ?? 0;
    },
    (n) => n,
  );

  await step('VACUUM ANALYZE (actividad)', async () => {
    for (const t of [
      'channels',
      'channel_keys',
      'channel_requests',
      'booking_events',
      'messages',
      'jobs',
      'payment_links',
    ])
      await c.query(`vacuum (analyze) ${t}`);
  });
}
