import { and } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { USER_LIST_SPEC } from '../modules/users/users.repository';
import { AppError } from './app-error';
import { buildListConditions, buildOrderBy, escapeLike, filterOps, filterValueSchema, parseListQuery } from './filters';

const dialect = new PgDialect();
const toSql = (q: Record<string, unknown>) => {
  const params = parseListQuery(q, USER_LIST_SPEC);
  const where = and(...buildListConditions(params, USER_LIST_SPEC));
  return where ? dialect.sqlToQuery(where) : { sql: '', params: [] };
};
const badRequest = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return (e as AppError).message;
  }
  throw new Error('expected a 400');
};
/** The parameters a 400 names in `errors`. */
const namedIn = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return Object.keys((e as AppError).errors ?? {});
  }
  throw new Error('expected a 400');
};

describe('filter parser field[op]=value', () => {
  it('spec §7: level[eq]=4 becomes a bound equality on users.level', () => {
    const q = toSql({ 'level[eq]': '4' });
    expect(q.sql).toBe('"users"."level" = $1');
    expect(q.params).toEqual([4]);
  });

  it('supports eq ne lt lte gt gte like in, all as parameters', () => {
    const q = toSql({
      'level[ne]': '0',
      'level[lt]': '5',
      'level[lte]': '4',
      'level[gt]': '1',
      'level[gte]': '2',
      'full_name[like]': "o'Brien%",
      'state[in]': '1,2',
    });
    expect(q.sql).not.toContain("o'Brien");
    expect(q.params).toEqual([0, 5, 4, 1, 2, "o'Brien\\%", 1, 2]);
    expect(q.sql).toContain('f_unaccent');
    expect(q.sql).toContain('in ($7, $8)');
  });

  it('a plain field=value is an equality', () => {
    expect(toSql({ level: '3' }).params).toEqual([3]);
  });

  it('unknown fields and ops answer 400 naming them', () => {
    expect(badRequest(() => parseListQuery({ 'password_hash[eq]': 'x' }, USER_LIST_SPEC))).toContain('password_hash');
    expect(badRequest(() => parseListQuery({ 'level[regex]': '1' }, USER_LIST_SPEC))).toContain('regex');
    expect(badRequest(() => parseListQuery({ 'level]': '1' }, USER_LIST_SPEC))).toContain('level]');
  });

  it('wrong value types answer 400, never reach the database', () => {
    badRequest(() => toSql({ 'level[eq]': 'abc' }));
    badRequest(() => toSql({ 'level[eq]': '99999999999' }));
    badRequest(() => toSql({ 'tour_operator_id[eq]': "1' or '1'='1" }));
    badRequest(() => toSql({ 'created_at[gte]': 'yesterday' }));
    badRequest(() => toSql({ 'level[like]': '1' }));
    badRequest(() => toSql({ 'state[in]': ',' }));
    badRequest(() => toSql({ 'level[eq]': ['1', { a: 1 }] }));
  });

  it('dates and instants follow the one date rule: impossible days and odd years are a 400 that names the field, not the value', () => {
    const spec = {
      ...USER_LIST_SPEC,
      filters: { ...USER_LIST_SPEC.filters, day: { column: users.createdAt, type: 'date' as const } },
    };
    const conv = (q: Record<string, string>) => buildListConditions(parseListQuery(q, spec), spec);
    for (const v of ['2026-02-30', '2026-04-31', '0000-01-01', '0020-01-01', '9999-12-31', '2026-13-01']) {
      expect(badRequest(() => conv({ 'day[eq]': v }))).toBe('Fecha no válida para "day" (AAAA-MM-DD, años 1900–2100)');
      expect(badRequest(() => conv({ 'created_at[lt]': v }))).toContain('"created_at"');
      expect(badRequest(() => conv({ 'created_at[in]': `2026-01-01,${v}` }))).not.toContain(v);
    }
    for (const v of ['2026-02-30T00:00:00Z', '0020-01-01T00:00:00Z', '2026-01-01T10:00:00', '2026-01-01T25:00:00Z']) {
      badRequest(() => conv({ 'created_at[gte]': v }));
    }
    expect(toSql({ 'created_at[gte]': '2026-03-01' }).params).toEqual(['2026-03-01T00:00:00.000Z']);
    expect(toSql({ 'created_at[lt]': '2026-03-01T10:00:00+01:00' }).params).toEqual(['2026-03-01T09:00:00.000Z']);
  });

  it('paging: defaults 1/50, per_page at most 500, bad values 400', () => {
    expect(parseListQuery({}, USER_LIST_SPEC)).toMatchObject({ page: 1, perPage: 50 });
    expect(parseListQuery({ page: '3', per_page: '500' }, USER_LIST_SPEC)).toMatchObject({ page: 3, perPage: 500 });
    badRequest(() => parseListQuery({ per_page: '501' }, USER_LIST_SPEC));
    badRequest(() => parseListQuery({ per_page: '0' }, USER_LIST_SPEC));
    badRequest(() => parseListQuery({ page: '-1' }, USER_LIST_SPEC));
    badRequest(() => parseListQuery({ page: '1e9' }, USER_LIST_SPEC));
  });

  it('sort=field,-other with a whitelist and a unique tiebreaker', () => {
    const params = parseListQuery({ sort: 'level,-created_at' }, USER_LIST_SPEC);
    const order = buildOrderBy(params, USER_LIST_SPEC).map((o) => dialect.sqlToQuery(o).sql);
    expect(order).toEqual(['"users"."level" asc', '"users"."created_at" desc', '"users"."id" asc']);
    badRequest(() => parseListQuery({ sort: 'password_hash' }, USER_LIST_SPEC));
  });

  it('q searches name, e-mail and phone, accent- and case-insensitively', () => {
    const q = toSql({ q: 'Hernández' });
    expect(q.sql.match(/f_unaccent/g)?.length).toBe(6);
    expect(q.params).toEqual(['Hernández', 'Hernández', 'Hernández']);
    void users;
  });

  it('a 400 names the parameter as sent (`level[gte]`, or `level` for the plain form)', () => {
    expect(namedIn(() => toSql({ 'level[gte]': 'x' }))).toEqual(['level[gte]']);
    expect(namedIn(() => toSql({ level: 'x' }))).toEqual(['level']);
    expect(namedIn(() => toSql({ 'created_at[in]': '2026-01-01,ayer' }))).toEqual(['created_at[in]']);
    expect(namedIn(() => toSql({ 'state[in]': ',' }))).toEqual(['state[in]']);
    expect(namedIn(() => toSql({ q: 'a\u0000b' }))).toEqual(['q']);
  });

  it('each field takes the operators of its type (like only on text) or its own list; others are a 400 before any SQL', () => {
    expect(filterOps(USER_LIST_SPEC.filters.level)).toEqual(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in']);
    expect(filterOps(USER_LIST_SPEC.filters.email)).toContain('like');
    expect(badRequest(() => parseListQuery({ 'level[like]': '1' }, USER_LIST_SPEC))).toBe(
      '"like" solo se aplica a campos de texto',
    );
    const spec = {
      ...USER_LIST_SPEC,
      filters: { ...USER_LIST_SPEC.filters, level: { ...USER_LIST_SPEC.filters.level, ops: ['eq', 'in'] as const } },
    };
    expect(badRequest(() => parseListQuery({ 'level[gt]': '1' }, spec))).toBe('El filtro "level" solo admite eq o in');
    expect(parseListQuery({ level: '1', 'level[in]': '1,2' }, spec).filters).toHaveLength(2);
  });

  it('in: 1–100 values of up to 200 characters each (not 200 in all)', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(toSql({ 'tour_operator_id[in]': ids.join(',') }).params).toHaveLength(100);
    badRequest(() => toSql({ 'tour_operator_id[in]': [...ids, ids[0]].join(',') }));
    expect(toSql({ 'email[in]': `${'a'.repeat(200)},b` }).params).toHaveLength(2);
    badRequest(() => toSql({ 'email[in]': `${'a'.repeat(201)},b` }));
    badRequest(() => toSql({ 'email[eq]': 'a'.repeat(201) }));
  });

  it("an int filter takes its column's range (smallint: ±32768), as the document says", () => {
    expect(filterValueSchema(USER_LIST_SPEC.filters.level)).toEqual({
      type: 'integer',
      minimum: -32768,
      maximum: 32767,
    });
    expect(toSql({ 'level[lt]': '32767' }).params).toEqual([32767]);
    badRequest(() => toSql({ 'level[lt]': '32768' }));
    badRequest(() => toSql({ 'level[in]': '1,-32769' }));
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
