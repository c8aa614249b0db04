import { LEVEL, normalizeEmail, OPERATOR_READABLE_LEVELS } from '@trayecto/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { withPreparedStatements } from '../../db/prepared-statements';
import { tourOperators, users } from '../../db/schema';
import { runListTemplate, runSelectTemplate, ShapeBinder } from '../../db/select-template';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { UserRow, UserWithOperator } from './users.mapper';

export const USER_LIST_SPEC: ResourceListSpec = {
  filters: {
    level: { column: users.level, type: 'int' },
    state: { column: users.state, type: 'int' },
    tour_operator_id: { column: users.tourOperatorId, type: 'uuid' },
    email: { column: users.email, type: 'text' },
    full_name: { column: users.fullName, type: 'text' },
    phone: { column: users.phone, type: 'text' },
    created_at: { column: users.createdAt, type: 'timestamp' },
    updated_at: { column: users.updatedAt, type: 'timestamp' },
  },
  sort: {
    full_name: users.fullName,
    email: users.email,
    level: users.level,
    state: users.state,
    created_at: users.createdAt,
    updated_at: users.updatedAt,
  },
  defaultSort: ['full_name'],
  search: [users.fullName, users.email, users.phone],
  tiebreaker: users.id,
};

/**
 * Which users the actor may read (PRODUCT.md §3): the tenant scope plus the role rule — an
 * Operador reads its operator's sellers, drivers and guides; sellers, drivers and guides read
 * only themselves.
 */
function visibleTo(actor: Actor, binder?: ShapeBinder): SQL | undefined {
  const bind = (v: unknown) => (binder ? binder.bind(v, users.id) : v);
  binder?.shape(`level:${actor.level}`);
  const base = isNull(users.deletedAt);
  if (actor.level === LEVEL.ADMIN) return base;
  const tenant = tenantScope(users.tourOperatorId, actor, binder);
  if (actor.level === LEVEL.TOUR_OPERATOR_ADMIN) return and(base, tenant);
  if (actor.level === LEVEL.OPERATOR) {
    const levels = OPERATOR_READABLE_LEVELS.map((l) => (binder ? binder.bind(l, users.level) : l));
    return and(base, tenant, or(inArray(users.level, levels as number[]), eq(users.id, bind(actor.id) as string)));
  }
  return and(base, eq(users.id, bind(actor.id) as string));
}

const withOperator = (db: DbOrTx) =>
  db
    .select({
      user: users,
      operator: { id: tourOperators.id, name: tourOperators.name, timezone: tourOperators.timezone },
    })
    .from(users)
    .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId));

/**
 * A page of users and the total: both selects built once per shape (ADR 052), every value — the
 * actor's, the filters', the page's — a placeholder of the template.
 */
export async function listUsers(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('users.list');
  const where = combine([visibleTo(actor, b), ...buildListConditions(params, USER_LIST_SPEC, b)]);
  const order = buildOrderBy(params, USER_LIST_SPEC, b);
  const { rows, total } = await runListTemplate(db, b, params, { rows: withOperator, table: users, where, order });
  return { rows: rows as UserWithOperator[], total };
}

export async function findVisibleUser(db: DbOrTx, actor: Actor, id: string): Promise<UserWithOperator | undefined> {
  const [row] = await withOperator(db).where(and(visibleTo(actor), eq(users.id, id)));
  return row as UserWithOperator | undefined;
}

/**
 * The live user with this id and their operator. Its text is built once (ADR 040's select template):
 * `GET /auth/me` runs it on every page the back-office opens, after the token's user check.
 */
export async function findUserById(db: DbOrTx, id: string): Promise<UserWithOperator | undefined> {
  const [row] = await runSelectTemplate(
    db,
    'user-by-id',
    (d) => withOperator(d).where(and(isNull(users.deletedAt), eq(users.id, sql.placeholder('id')))),
    { id },
  );
  return row as UserWithOperator | undefined;
}

/** For sign-in: the live user with this e-mail, with its operator's state. */
export async function findUserForLogin(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, operatorState: tourOperators.state })
    .from(users)
    .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
    .where(and(isNull(users.deletedAt), eq(sql`lower(${users.email})`, normalizeEmail(email))));
  return row;
}

/** For every authenticated request: is the token's user still allowed in? */
const authStateQuery = (db: DbOrTx) =>
  db
    .select({
      id: users.id,
      level: users.level,
      state: users.state,
      fullName: users.fullName,
      email: users.email,
      tourOperatorId: users.tourOperatorId,
      tokenVersion: users.tokenVersion,
      deletedAt: users.deletedAt,
      operatorState: tourOperators.state,
    })
    .from(users)
    .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
    .where(eq(users.id, sql.placeholder('id')))
    // Built once; prepared on the server per connection when DATABASE_PREPARED_STATEMENTS allows
    // (ADR 040: a lookup by key, its generic plan is the custom one).
    .prepare('');

/** The user check's statement per database handle, built once (ADR 036). */
const authStateQueries = new WeakMap<DbOrTx, ReturnType<typeof authStateQuery>>();

/**
 * What the token's user is now, asked of the database on every authenticated request (revocation
 * at once, PRODUCT.md §2). Its SQL is built once per database handle instead of per request.
 */
export async function findAuthState(db: DbOrTx, id: string) {
  let query = authStateQueries.get(db);
  if (!query) {
    query = authStateQuery(db);
    authStateQueries.set(db, query);
  }
  const run = query;
  const [row] = await withPreparedStatements(() => run.execute({ id }));
  return row;
}

export async function emailInUse(db: DbOrTx, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        eq(sql`lower(${users.email})`, normalizeEmail(email)),
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUserRow(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

export async function bumpTokenVersion(db: DbOrTx, id: string) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

export async function touchLastLogin(db: DbOrTx, id: string) {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}
