import { LANGUAGES, PERSON_ROLES } from '@trayecto/shared';
import { and, arrayContains, arrayOverlaps, count, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema';
import {
  buildListConditions,
  buildOrderBy,
  combine,
  convertValue,
  inValues,
  type ListParams,
  type ResourceListSpec,
} from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { PersonRow } from './persons.mapper';

export const PERSON_LIST_SPEC: ResourceListSpec = {
  filters: {
    role: { column: persons.role, type: 'enum', values: PERSON_ROLES },
    state: { column: persons.state, type: 'int' },
    full_name: { column: persons.fullName, type: 'text' },
    // An array column: handled by languageConditions below, never by the generic operators.
    languages: {
      column: persons.languages,
      type: 'enum',
      values: LANGUAGES,
      ops: ['eq', 'ne', 'in'],
      description: 'Idiomas que habla: `eq` uno de ellos, `ne` no lo habla, `in` alguno de estos.',
    },
    tour_operator_id: { column: persons.tourOperatorId, type: 'uuid' },
  },
  sort: {
    // Names sort as people expect ("Ángela" with the A's), not by byte value.
    full_name: sql`f_unaccent(${persons.fullName})`,
    role: persons.role,
    state: persons.state,
    created_at: persons.createdAt,
  },
  defaultSort: ['full_name'],
  search: [persons.fullName, persons.email, persons.phone, persons.documentId],
  tiebreaker: persons.id,
};

/**
 * `languages` is a text[]: `languages[eq]=de` means "speaks de" (array contains), `ne` "does not
 * speak it", `in=de,fr` "speaks any of them" (arrays overlap). Values are checked against the
 * language list and bound as parameters.
 */
function languageConditions(params: ListParams): { conditions: SQL[]; rest: ListParams } {
  const conditions: SQL[] = [];
  const def = PERSON_LIST_SPEC.filters.languages;
  for (const f of params.filters) {
    if (f.field !== 'languages') continue;
    // parseListQuery let only eq, ne and in through (the field's `ops`).
    if (f.op === 'in') {
      const values = inValues(f.key, f.raw).map((v) => String(convertValue('languages', def, v, f.key)));
      conditions.push(arrayOverlaps(persons.languages, values));
    } else {
      const contains = arrayContains(persons.languages, [String(convertValue('languages', def, f.raw, f.key))]);
      conditions.push(f.op === 'eq' ? contains : not(contains));
    }
  }
  return { conditions, rest: { ...params, filters: params.filters.filter((f) => f.field !== 'languages') } };
}

/** Live persons of the actor's operator (every operator for the administrator). */
function visibleTo(actor: Actor): SQL | undefined {
  return combine([isNull(persons.deletedAt), tenantScope(persons.tourOperatorId, actor)]);
}

export async function listPersons(db: DbOrTx, actor: Actor, params: ListParams) {
  const { conditions, rest } = languageConditions(params);
  const where = combine([visibleTo(actor), ...conditions, ...buildListConditions(rest, PERSON_LIST_SPEC)]);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(persons)
      .where(where)
      .orderBy(...buildOrderBy(params, PERSON_LIST_SPEC))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    db.select({ total: count() }).from(persons).where(where),
  ]);
  return { rows, total };
}

export async function findVisiblePerson(
  db: DbOrTx,
  actor: Actor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PersonRow | undefined> {
  const q = db
    .select()
    .from(persons)
    .where(and(visibleTo(actor), eq(persons.id, id)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertPerson(db: DbOrTx, values: typeof persons.$inferInsert): Promise<PersonRow> {
  const [row] = await db.insert(persons).values(values).returning();
  return row;
}

export async function updatePersonRow(db: DbOrTx, id: string, values: Partial<typeof persons.$inferInsert>) {
  const [row] = await db
    .update(persons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(persons.id, id), isNull(persons.deletedAt)))
    .returning();
  return row;
}
