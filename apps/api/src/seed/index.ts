import { normalizeEmail } from '@trayecto/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { tourOperators, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { createdFields, recordAudit, SYSTEM_AUDIT } from '../modules/audit/audit.service';
import { settleSeededMessages } from '../modules/messages/messages.repository';
import { seedBookings } from './bookings';
import { seedChannels } from './channels';
import { insertDemoImages, planDemoImages, type RenderedScenes, renderDemoScenes } from './images';
import { type SeedPaymentsConfig, seedPaymentSettings } from './payments';
import { seedProducts } from './products';
import { seedResources } from './resources';
import { seedScheduleSheets } from './schedule-sheets';
import { DEMO_OPERATOR_TERMS_TRANSLATIONS } from './translations';

export const DEMO_PASSWORD = 'Demo2026!';

type DemoOperator = {
  key: string;
  domain: string;
  values: typeof tourOperators.$inferInsert;
  people: [level: number, local: string, name: string, phone: string][];
};

const DEMO_OPERATORS: DemoOperator[] = [
  {
    key: 'teide',
    domain: 'teideaventura.demo',
    values: {
      name: 'Teide Aventura',
      legalName: 'Teide Aventura Excursiones S.L.',
      taxId: 'B38123456',
      email: 'reservas@teideaventura.demo',
      phone: '+34 922 123 456',
      address: 'Avenida de Bruselas 12, 38660 Costa Adeje, Santa Cruz de Tenerife',
      website: 'https://teideaventura.demo',
      brandColor: '#c2410c',
      timezone: 'Atlantic/Canary',
      taxTerritory: 'canarias',
      currency: 'EUR',
      defaultCommissionPct: 10,
      bookingTerms:
        'Cancelación gratuita hasta 24 horas antes de la salida, desde la página de tu reserva o llamando a la oficina; pasado ese plazo no se reembolsa el importe. Si la excursión se suspende por el tiempo o por el cierre de las carreteras del Parque Nacional, te ofrecemos otra fecha o la devolución completa. Los menores de 12 años deben ir acompañados de un adulto. Enseña el bono (en el móvil o impreso) al guía al subir al autocar.',
      // Written in Spanish (default_language 'es'), offered in all six languages (the column defaults).
      bookingTermsTranslations: DEMO_OPERATOR_TERMS_TRANSLATIONS.teide,
    },
    people: [
      [1, 'gerencia', 'Carmen Díaz Hernández', '+34 622 110 001'],
      [2, 'ventas', 'Javier Morales Pérez', '+34 622 110 002'],
      [3, 'operaciones', 'Lucía Rodríguez Afonso', '+34 622 110 003'],
      [4, 'chofer', 'Antonio González Rivero', '+34 622 110 004'],
      [5, 'guia', 'Sara Martín Delgado', '+34 622 110 005'],
    ],
  },
  {
    key: 'atlantico',
    domain: 'atlanticosur.demo',
    values: {
      name: 'Atlántico Sur Excursiones',
      legalName: 'Atlántico Sur Turismo S.L.',
      taxId: 'B38654321',
      email: 'info@atlanticosur.demo',
      phone: '+34 922 765 432',
      address: 'Calle General Franco 5, 38650 Los Cristianos, Santa Cruz de Tenerife',
      website: 'https://atlanticosur.demo',
      brandColor: '#0e7490',
      timezone: 'Atlantic/Canary',
      taxTerritory: 'canarias',
      currency: 'EUR',
      defaultCommissionPct: 12,
      bookingTerms:
        'Cancelación gratuita hasta 24 horas antes de la salida; después no se reembolsa el importe. Si el estado del mar no permite salir, te ofrecemos otra fecha o la devolución completa. Los cetáceos viven en libertad: el avistamiento es muy probable, pero no se puede garantizar. Preséntate en el pantalán 15 minutos antes o espera en tu hotel a la hora de recogida del bono.',
      bookingTermsTranslations: DEMO_OPERATOR_TERMS_TRANSLATIONS.atlantico,
    },
    people: [
      [1, 'gerencia', 'Miguel Ángel Castro Luis', '+34 633 220 001'],
      [2, 'ventas', 'Emma Wilson', '+34 633 220 002'],
      [3, 'operaciones', 'Raúl Expósito Báez', '+34 633 220 003'],
      [4, 'chofer', 'Francisco Javier Hernández', '+34 633 220 004'],
      [5, 'guia', 'Hans Müller', '+34 633 220 005'],
    ],
  },
];

export type DemoAccount = { email: string; level: number; operator: string | null; name: string };

const DEMO_ADMIN = { email: 'admin@trayecto.demo', name: 'Administración Trayecto' };

/** Every demo account, for the start-up banner, the README and the tests. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: DEMO_ADMIN.email, level: 0, operator: null, name: DEMO_ADMIN.name },
  ...DEMO_OPERATORS.flatMap((o) =>
    o.people.map(([level, local, name]) => ({ email: `${local}@${o.domain}`, level, operator: o.values.name, name })),
  ),
];

export type SeedOptions = {
  /**
   * DATA_DIR (the server passes it): the demo products get drawn photos, stored in the database
   * (`stored_files`). Without it (tests) the products get no photos.
   */
  dataDir?: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /**
   * The server's configuration for payments (the server passes it): Teide Aventura gets a Redsys
   * test configuration (seed/payments.ts). Without it (tests) no operator takes payments online.
   */
  payments?: SeedPaymentsConfig;
};

/**
 * Loads demo data into an empty database (no tour operators and no users): operators, users of
 * every role, the Tenerife hotel catalogue, fleet, staff, products (with drawn photos when a
 * `dataDir` is given) and a month of bookings. Returns whether it seeded.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  // Cheap early exit for every start after the first (the transaction below re-checks under a lock).
  if (await hasOperatorsOrUsers(db)) return false;
  // The photos render in sharp's threads while the database work below runs.
  const scenes: Promise<RenderedScenes | null> | null = opts.dataDir
    ? renderDemoScenes().catch((err) => {
        opts.log?.warn({ err }, 'demo photos could not be drawn; products stay without photos');
        return null;
      })
    : null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Serialise concurrent starters (however long the first one's seed takes: not bounded by the
    // connections' lock_timeout); then check emptiness inside the same transaction.
    await liftLockTimeout(tx);
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if (await hasOperatorsOrUsers(tx)) return false;
    const seeded = await tx
      .insert(users)
      .values({ fullName: DEMO_ADMIN.name, email: DEMO_ADMIN.email, level: 0, passwordHash, phone: '+34 922 000 000' })
      .returning();
    const ids: Record<string, string> = {};
    for (const o of DEMO_OPERATORS) {
      const [op] = await tx.insert(tourOperators).values(o.values).returning({ id: tourOperators.id });
      ids[o.key] = op.id;
      const people = await tx
        .insert(users)
        .values(
          o.people.map(([level, local, fullName, phone]) => ({
            fullName,
            email: `${local}@${o.domain}`,
            phone,
            level,
            tourOperatorId: op.id,
            passwordHash,
            commissionPct: level === 2 ? Number(o.values.defaultCommissionPct) : null,
          })),
        )
        .returning();
      seeded.push(...people);
    }
    // The accounts' creation opens the audit log (written by the system, not by a person).
    await recordAudit(
      tx,
      SYSTEM_AUDIT,
      seeded.map((u) => ({
        tourOperatorId: u.tourOperatorId,
        entityType: 'user' as const,
        entityId: u.id,
        action: 'create' as const,
        summary: `${u.fullName} <${u.email}>`,
        changes: createdFields({ full_name: u.fullName, email: u.email, level: u.level, state: u.state }),
      })),
    );
    const ops = { teide: ids.teide, atlantico: ids.atlantico };
    const { accommodations } = await seedResources(tx, ops);
    const { products } = await seedProducts(tx, ops, accommodations);
    const sellers = await tx
      .select({ id: users.id, tourOperatorId: users.tourOperatorId, commissionPct: users.commissionPct })
      .from(users)
      .where(eq(users.level, 2));
    const { agencyId } = await seedChannels(tx, ids.teide);
    await seedBookings(tx, {
      agencyId,
      ops,
      products,
      sellers: sellers.map((s) => ({ ...s, tourOperatorId: s.tourOperatorId as string })),
      accommodations,
    });
    await seedScheduleSheets(tx, { ops });
    if (opts.payments) {
      const [admin] = seeded.filter((u) => u.level === 0);
      await seedPaymentSettings(tx, opts.payments, ids.teide, {
        id: admin.id,
        level: 0,
        tourOperatorId: null,
        fullName: admin.fullName,
      });
    }
    // The demo's bookings told their customers long ago: history, not a queue to send on first start.
    await settleSeededMessages(tx);
    const rendered = await scenes;
    // The photos go into stored_files in this transaction: the demo has all of them or none.
    if (rendered) await insertDemoImages(tx, planDemoImages(products, rendered));
    return true;
  });
}

async function hasOperatorsOrUsers(db: DbOrTx) {
  const res = await db.execute<{ n: number }>(
    sql`select (select count(*) from tour_operators) + (select count(*) from users) as n`,
  );
  return Number(res.rows[0]?.n) > 0;
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: create this administrator if no user has that e-mail. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Several instances may start at once: the first creates the user, the others find it (waiting
    // for a demo seed as long as it takes).
    await liftLockTimeout(tx);
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const existing = await tx.execute(
      sql`select 1 from users where lower(email) = ${normalizeEmail(email)} and deleted_at is null`,
    );
    if (existing.rows.length > 0) return false;
    await tx.insert(users).values({ fullName: 'Administrador', email: normalizeEmail(email), level: 0, passwordHash });
    return true;
  });
}

/** For the rest of `tx`, lock waits as long as they take (the connections' own bound: db/pg-session.ts). */
const liftLockTimeout = (tx: DbOrTx) => tx.execute(sql`set local lock_timeout = 0`);
