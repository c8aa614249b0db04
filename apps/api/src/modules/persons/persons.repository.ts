import { LANGUAGES, PERSON_ROLES } from '@trayecto/shared';
import { and, arrayContains, arrayOverlaps, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema';
import { runListTemplate, ShapeBinder } from '../../db/select-template';
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
function languageConditions(params: ListParams, binder: ShapeBinder): { conditions: SQL[]; rest: ListParams } {
  const conditions: SQL[] = [];
  const def = PERSON_LIST_SPEC.filters.languages;
  // One text[] parameter, whatever the number of languages (the key need not count them).
  const bound = (values: string[]) => binder.bind(values, persons.languages) as unknown as string[];
  for (const f of params.filters) {
    if (f.field !== 'languages') continue;
    binder.shape(`languages[${f.op}]`);
    // parseListQuery let only eq, ne and in through (the field's `ops`).
    if (f.op === 'in') {
      const values = inValues(f.key, f.raw).map((v) => String(convertValue('languages', def, v, f.key)));
      conditions.push(arrayOverlaps(persons.languages, bound(values)));
    } else {
      const contains = arrayContains(persons.languages, bound([String(convertValue('languages', def, f.raw, f.key))]));
      conditions.push(f.op === 'eq' ? contains : not(contains));
    }
  }
  return { conditions, rest: { ...params, filters: params.filters.filter((f) => f.field !== 'languages') } };
}

/** Live persons of the actor's operator (every operator for the administrator). */
function visibleTo(actor: Actor, binder?: ShapeBinder): SQL | undefined {
  return combine([isNull(persons.deletedAt), tenantScope(persons.tourOperatorId, actor, binder)]);
}

/** A page of persons and the total, built once per shape (ADR 052). */
export async function listPersons(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('persons.list');
  const scope = visibleTo(actor, b);
  const { conditions, rest } = languageConditions(params, b);
  const where = combine([scope, ...conditions, ...buildListConditions(rest, PERSON_LIST_SPEC, b)]);
  const order = buildOrderBy(params, PERSON_LIST_SPEC, b);
  return runListTemplate(db, b, params, { rows: (d) => d.select().from(persons), table: persons, where, order });
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
