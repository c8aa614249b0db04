/**
 * The operations part of the benchmark data set (schedule sheets and their resources, check-ins
 * and the audit log), generated after the bookings by bench/generate.ts with set-based SQL.
 *
 * Proportions (per operator): 70 vehicles, 30 persons (freelance guides, escorts…), 60 drivers and
 * 40 guides (the 15 + 15 of the staff plus the extra ones created here). Every departure with seats
 * sold has a sheet once it is within two weeks (past ones `done`, today's `in_progress`/`ready`,
 * the next 14 days `ready` or `draft`); further away, one in ten has an early `draft`. Past sheets
 * carry one check-in per completed booking (by their driver) and one `no_show` per no-show. The
 * audit log has what the application writes for bookings (create, payment, cancel, check_in),
 * sheets (create, assign, state) and users (create): ~2.7 entries per booking.
 */
import type pg from 'pg';
import { BENCH_TIMEZONE } from './config';

export type Step = <T>(name: string, fn: () => Promise<T>, rowsOf?: (r: T) => number) => Promise<T>;

type Ddl = { drop: string; create: string };

/**
 * A table's own keys, foreign keys and indexes (none may point at it), read from the catalogue so
 * they can be dropped for a bulk load and rebuilt exactly as migrated.
 */
async function tableDdl(c: pg.Client, table: string): Promise<Ddl[]> {
  const cons = await c.query<{ name: string; def: string; contype: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def, contype from pg_constraint
     where conrelid = $1::regclass and contype in ('p', 'u', 'f') order by contype = 'f', conname`,
    [table],
  );
  const idx = await c.query<{ name: string; def: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
     where indrelid = $1::regclass
       and indexrelid not in (select conindid from pg_constraint where conrelid = $1::regclass)`,
    [table],
  );
  return [
    ...cons.rows.map((k) => ({
      drop: `alter table ${table} drop constraint "${k.name}"`,
      create: `alter table ${table} add constraint "${k.name}" ${k.def}`,
    })),
    ...idx.rows.map((i) => ({ drop: `drop index "${i.name}"`, create: i.def })),
  ];
}

async function fingerprint(c: pg.Client, table: string) {
  const r = await c.query<{ s: string }>(
    `select string_agg(x, E'\n' order by x) as s from (
       select conname || ' ' || pg_get_constraintdef(oid) as x from pg_constraint where conrelid = $1::regclass
       union all select pg_get_indexdef(indexrelid) from pg_index where indrelid = $1::regclass) t`,
    [table],
  );
  return r.rows[0].s;
}

/** Runs a bulk load into `table` without its keys and indexes, then rebuilds them (checked identical). */
export async function withoutIndexes<T>(c: pg.Client, table: string, load: () => Promise<T>): Promise<T> {
  const ddl = await tableDdl(c, table);
  const before = await fingerprint(c, table);
  // Foreign keys first (reverse of creation), then indexes and keys.
  for (const d of [...ddl].reverse()) await c.query(d.drop);
  const r = await load();
  for (const d of ddl) await c.query(d.create);
  const after = await fingerprint(c, table);
  if (after !== before)
    throw new Error(`Los índices de ${table} no coinciden con los migrados:\n${before}\n---\n${after}`);
  return r;
}

export async function generateOperations(c: pg.Client, step: Step, passwordHash: string) {
  const tz = BENCH_TIMEZONE;

  await step(
    'choferes y guías adicionales (60 + 40 por operador)',
    async () => {
      // After the bookings, so the random draws that shape the bookings stay those of earlier runs.
      const r = await c.query(
        `insert into users (tour_operator_id, full_name, email, phone, level, state, password_hash, created_at)
         select o.id, format('%s %s', lv.label, g), format('%s.%s@%s.test', lv.role, g, o.slug),
                format('+34 6%s', lpad((abs(hashtext(o.slug || lv.role || g)) % 100000000)::text, 8, '0')),
                lv.level, 1, $1, now() - interval '1 year'
         from ops o
         cross join (values (4, 'chofer', 'Chofer', 60), (5, 'guia', 'Guía', 40)) as lv(level, role, label, n)
         cross join lateral generate_series(16, lv.n) g`,
        [passwordHash],
      );
      return r.rowCount ?? 0;
    },
    (n) => n,
  );

  await step(
    'vehículos (70) y personas (30) por operador',
    async () => {
      const v = await c.query(`
        insert into vehicles (tour_operator_id, plate, name, model, type, seats, transport_authorization, state, created_at)
        select o.id, format('%s %s', lpad((1000 + g * 97 % 9000)::text, 4, '0'),
                             (array['BCD','FGH','JKL','MNP','RST','VWX'])[1 + g % 6] || o.ord),
               format('%s %s', (array['Guagua','Micro','Furgoneta','Todoterreno'])[1 + g % 4], g),
               (array['Irizar i6','Mercedes Sprinter','Ford Transit','Toyota Land Cruiser'])[1 + g % 4],
               (array['bus','minibus','van','4x4'])[1 + g % 4],
               (array[55, 25, 16, 7])[1 + g % 4], format('VT-%s-%s', o.ord, g),
               case when g % 23 = 0 then 3 when g % 31 = 0 then 2 else 1 end, now() - interval '2 years'
        from ops o cross join generate_series(1, 70) g`);
      const p = await c.query(`
        insert into persons (tour_operator_id, full_name, document_id, role, phone, email, languages, state, created_at)
        select o.id, format('Persona %s %s', (array['Ayoze','Nauzet','Yaiza','Tanausú','Idaira','Echedey'])[1 + g % 6], g),
               format('%s%s', 40000000 + g * 7919, 'T'),
               (array['guide','guide','driver','assistant','other'])[1 + g % 5],
               format('+34 6%s', lpad((g * 104729)::text, 8, '0')), format('persona%s@%s.test', g, o.slug),
               (array['{es,en}','{es,de}','{es,en,fr}'])[1 + g % 3]::text[], case when g % 11 = 0 then 2 else 1 end,
               now() - interval '2 years'
        from ops o cross join generate_series(1, 30) g`);
      return (v.rowCount ?? 0) + (p.rowCount ?? 0);
    },
    (n) => n,
  );

  // Lookup arrays per operator for the assignments.
  await c.query(`
    create temp table crew as
    select o.id as op_id,
           (select array_agg(id order by email) from users u where u.tour_operator_id = o.id and u.level = 4) as drivers,
           (select array_agg(id order by email) from users u where u.tour_operator_id = o.id and u.level = 5) as guides,
           (select array_agg(id order by plate) from vehicles v where v.tour_operator_id = o.id and v.state = 1) as vehicles,
           (select array_agg(id order by full_name) from persons p where p.tour_operator_id = o.id and p.state = 1) as persons
    from ops o`);

  await step(
    'hojas de servicio',
    async () => {
      const r = await c.query(`
        insert into schedule_sheets (tour_operator_id, product_id, departure_id, date, time, starts_at, ends_at,
          vehicle_id, driver_id, guide_id, origin, destination, notes, state, started_at, finished_at, version,
          created_by, created_at, updated_at)
        with s0 as (
          select d.id, d.tour_operator_id, d.product_id, d.date, d.time,
                 (d.date + d.time::time) at time zone '${tz}' as starts_at, p.duration_minutes,
                 p.meeting_point, p.name,
                 row_number() over (partition by d.tour_operator_id, d.date order by d.time, d.product_id) as rk,
                 d.date - current_date as days, abs(hashtext(d.id::text)) % 100 as h
          from departures d join products p on p.id = d.product_id
          where d.seats_taken > 0
        ), s1 as (
          select s0.*,
                 case when days < 0 then 'done'
                      when days = 0 then case when starts_at < now() then 'in_progress' else 'ready' end
                      when days <= 14 then case when h < 75 then 'ready' else 'draft' end
                      when h < 10 then 'draft' end as state
          from s0
        )
        select s1.tour_operator_id, s1.product_id, s1.id, s1.date, s1.time, s1.starts_at,
               s1.starts_at + make_interval(mins => greatest(s1.duration_minutes, 60)),
               case when state <> 'draft' or h % 3 = 0 then cr.vehicles[1 + (rk - 1) % array_length(cr.vehicles, 1)] end,
               case when state <> 'draft' or h % 3 = 0 then cr.drivers[1 + (rk - 1) % array_length(cr.drivers, 1)] end,
               case when state <> 'draft' and h < 60 then cr.guides[1 + (rk * 7) % array_length(cr.guides, 1)] end,
               s1.meeting_point, s1.name, case when h % 13 = 0 then 'Llevar agua para el grupo' else '' end,
               state,
               case when state in ('done', 'in_progress') then s1.starts_at - interval '50 minutes' end,
               case when state = 'done' then s1.starts_at + make_interval(mins => greatest(s1.duration_minutes, 60) + 15) end,
               case state when 'done' then 4 when 'in_progress' then 3 when 'ready' then 2 else 1 end,
               null, least(now(), s1.starts_at - interval '10 days'),
               least(now(), case when state = 'done' then s1.starts_at + make_interval(mins => greatest(s1.duration_minutes, 60) + 15)
                                 else s1.starts_at - interval '2 days' end)
        from s1 join crew cr on cr.op_id = s1.tour_operator_id
        where state is not null
        order by s1.starts_at - interval '10 days'`);
      await c.query(`
        insert into schedule_sheet_persons (tour_operator_id, sheet_id, person_id)
        select s.tour_operator_id, s.id, cr.persons[1 + abs(hashtext(s.id::text)) % array_length(cr.persons, 1)]
        from schedule_sheets s join crew cr on cr.op_id = s.tour_operator_id
        where s.state <> 'draft' and abs(hashtext(s.id::text || 'p')) % 10 = 0`);
      return r.rowCount ?? 0;
    },
    (n) => n,
  );

  await step(
    'check-ins de las hojas pasadas',
    () =>
      withoutIndexes(c, 'check_ins', async () => {
        const r = await c.query(`
          insert into check_ins (tour_operator_id, sheet_id, booking_id, action, method, actor_id, created_at)
          select b.tour_operator_id, s.id, b.id,
                 case when b.state = 'completed' then 'present' else 'no_show' end,
                 case when b.state = 'no_show' then 'finish'
                      when abs(hashtext(b.locator)) % 10 < 6 then 'tap'
                      when abs(hashtext(b.locator)) % 10 < 9 then 'scan' else 'locator' end,
                 s.driver_id,
                 case when b.state = 'completed' then b.checked_in_at else s.finished_at end
          from schedule_sheets s
          join bookings b on b.departure_id = s.departure_id
          where s.state = 'done' and b.state in ('completed', 'no_show')
          order by 7`);
        return r.rowCount ?? 0;
      }),
    (n) => n,
  );

  await step(
    'registro de auditoría (reservas, hojas, usuarios)',
    () =>
      withoutIndexes(c, 'audit_log', async () => {
        // Staff labels as the application writes them ("Nombre <email>").
        await c.query(`create temp table labels as
                       select id, full_name || ' <' || email || '>' as label from users`);
        await c.query('create unique index on labels (id)');
        const r = await c.query(`
          insert into audit_log (tour_operator_id, actor_id, actor_kind, actor_label, entity_type, entity_id, action,
                                 changes, summary, request_id, ip, created_at)
          with e as (
            -- Bookings: created (staff or customer on the public pages).
            select b.tour_operator_id as op, b.created_by as actor, b.id as entity, 'booking' as type, 'create' as action,
                   jsonb_build_object('state', jsonb_build_array(null, case when b.state = 'pending' then 'pending' else 'confirmed' end),
                                      'total_cents', jsonb_build_array(null, b.total_cents),
                                      'seats', jsonb_build_array(null, b.seats)) as changes,
                   b.locator || ' · ' || b.customer_name as summary, b.created_at as at,
                   case when b.created_by is null then b.customer_name end as customer
            from bookings b
            union all
            -- Payments recorded by the office (public bookings pay online when they book).
            select b.tour_operator_id, st.office[1 + abs(hashtext(b.locator)) % array_length(st.office, 1)], b.id, 'booking',
                   'payment', jsonb_build_object('paid_cents', jsonb_build_array(0, b.paid_cents),
                                                 'payment_state', jsonb_build_array('pending', b.payment_state)),
                   b.locator, b.created_at + interval '3 minutes', null
            from bookings b join staff st on st.op_id = b.tour_operator_id
            where b.paid_cents > 0 and b.channel <> 'public'
            union all
            -- Cancellations.
            select b.tour_operator_id,
                   case when b.channel = 'public' then null
                        else st.office[1 + abs(hashtext(b.locator)) % array_length(st.office, 1)] end,
                   b.id, 'booking', 'cancel',
                   jsonb_build_object('state', jsonb_build_array('confirmed', 'cancelled'),
                                      'cancel_reason', jsonb_build_array('', b.cancel_reason)),
                   b.locator, b.cancelled_at, case when b.channel = 'public' then b.customer_name end
            from bookings b join staff st on st.op_id = b.tour_operator_id
            where b.state = 'cancelled' and b.cancelled_at is not null
            union all
            -- Check-ins (the driver of the sheet).
            select ci.tour_operator_id, ci.actor_id, ci.booking_id, 'booking', 'check_in',
                   jsonb_build_object('checked_in', jsonb_build_array(false, ci.action = 'present')),
                   ci.method, ci.created_at, null
            from check_ins ci
            union all
            -- Sheets: created, crew assigned, state changes (ready, then done).
            select s.tour_operator_id, st.office[1 + abs(hashtext(s.id::text)) % array_length(st.office, 1)], s.id,
                   'schedule_sheet', x.action, x.changes, s.date::text || ' ' || s.time, x.at, null
            from schedule_sheets s join staff st on st.op_id = s.tour_operator_id
            cross join lateral (values
              ('create', jsonb_build_object('state', jsonb_build_array(null, 'draft')), s.created_at, true),
              ('assign', jsonb_build_object('vehicle_id', jsonb_build_array(null, s.vehicle_id),
                                            'driver_id', jsonb_build_array(null, s.driver_id),
                                            'guide_id', jsonb_build_array(null, s.guide_id)),
                         s.created_at + interval '1 day', s.driver_id is not null),
              ('state', jsonb_build_object('state', jsonb_build_array('draft', 'ready')),
                        s.created_at + interval '2 days', s.state <> 'draft'),
              ('state', jsonb_build_object('state', jsonb_build_array('in_progress', 'done')),
                        s.finished_at, s.state = 'done')) as x(action, changes, at, keep)
            where x.keep
            union all
            -- Users: created.
            select u.tour_operator_id, null, u.id, 'user', 'create',
                   jsonb_build_object('level', jsonb_build_array(null, u.level), 'email', jsonb_build_array(null, u.email)),
                   u.email, u.created_at, null
            from users u
          )
          select e.op, e.actor,
                 case when e.actor is not null then 'staff' when e.customer is not null then 'customer' else 'system' end,
                 coalesce(l.label, e.customer, 'Sistema'), e.type, e.entity, e.action, e.changes, e.summary,
                 substr(md5(e.entity::text || e.action || e.at::text), 1, 20),
                 case when e.actor is null then '88.' || (abs(hashtext(e.entity::text)) % 250)::text || '.'
                        || (abs(hashtext(e.action || e.entity::text)) % 250)::text || '.7'
                      else '10.0.0.' || (1 + abs(hashtext(e.actor::text)) % 200)::text end,
                 e.at
          from e left join labels l on l.id = e.actor
          order by e.at`);
        return r.rowCount ?? 0;
      }),
    (n) => n,
  );

  await step('VACUUM ANALYZE (operaciones)', async () => {
    for (const t of [
      'users',
      'vehicles',
      'persons',
      'schedule_sheets',
      'schedule_sheet_persons',
      'check_ins',
      'audit_log',
    ])
      await c.query(`vacuum (analyze) ${t}`);
  });
}
