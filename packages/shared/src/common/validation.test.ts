import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NOT_BLANK_RE, requiredText } from './field-rules';
import { MSG } from './messages';
import {
  DATE_MESSAGE,
  DATE_RANGE_MESSAGE,
  dateProblem,
  isValidDate,
  parseTimestamp,
  TIMESTAMP_MESSAGE,
  zChoiceOf,
  zDate,
  zDecimal,
  zInt,
  zRequired,
  zTimestamp,
} from './validation';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message);

describe('the one date rule (issue 12, items 14–15)', () => {
  it('real calendar days of the years 1900–2100 pass', () => {
    for (const d of ['1900-01-01', '2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '2100-12-31']) {
      expect(isValidDate(d), d).toBe(true);
      expect(zDate().safeParse(d).success, d).toBe(true);
    }
  });

  it('impossible days are refused with the format message (JavaScript would roll them over)', () => {
    for (const d of [
      '2026-02-30',
      '2026-04-31',
      '2026-02-29',
      '2100-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
    ]) {
      expect(dateProblem(d), d).toBe('format');
      expect(messages(zDate().safeParse(d)), d).toEqual([DATE_MESSAGE]);
    }
  });

  it('years outside 1900–2100 (year 0, 0020, 9999) are refused with the range message', () => {
    for (const d of ['0000-01-01', '0020-01-01', '0099-12-31', '1899-12-31', '2101-01-01', '9999-12-31']) {
      expect(dateProblem(d), d).toBe('range');
      expect(messages(zDate().safeParse(d)), d).toEqual([DATE_RANGE_MESSAGE]);
    }
  });

  it('other shapes are not dates', () => {
    for (const d of [
      '',
      '2026-1-1',
      '31/12/2026',
      '20260-01-01',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '２０２６-01-01',
    ]) {
      expect(isValidDate(d), d).toBe(false);
    }
    expect(isValidDate(20260101)).toBe(false);
  });
});

describe('timestamps', () => {
  it('ISO 8601 with an offset (and PostgreSQL text) gives the right instant', () => {
    expect(parseTimestamp('2026-07-01T09:30:00Z')?.toISOString()).toBe('2026-07-01T09:30:00.000Z');
    expect(parseTimestamp('2026-07-01T09:30:00.5+01:00')?.toISOString()).toBe('2026-07-01T08:30:00.500Z');
    expect(parseTimestamp('2026-07-01T09:30-0230')?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(parseTimestamp('2026-11-23 11:43:35.233123+00')?.toISOString()).toBe('2026-11-23T11:43:35.233Z');
    expect(zTimestamp().safeParse('2026-07-01T09:30:00Z').success).toBe(true);
  });

  it('impossible days and times, missing offsets and odd years are refused', () => {
    for (const t of [
      '2026-02-30T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:60:00Z',
      '2026-01-01T10:00:60Z',
      '2026-01-01T10:00:00',
      '2026-01-01T10:00:00+25:00',
      '2026-01-01',
      'ayer',
    ]) {
      expect(parseTimestamp(t), t).toBeUndefined();
      expect(messages(zTimestamp().safeParse(t)), t).toEqual([TIMESTAMP_MESSAGE]);
    }
    for (const t of ['0000-01-01T00:00:00Z', '0020-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(parseTimestamp(t), t).toBeUndefined();
      expect(messages(zTimestamp().safeParse(t)), t).toEqual([DATE_RANGE_MESSAGE]);
    }
  });
});

describe('required texts: the rule and the pattern the OpenAPI document publishes (issue 21)', () => {
  const schema = zRequired(10);
  const pattern = new RegExp(z.toJSONSchema(schema, { io: 'input' }).pattern as string);

  it('a blank text is empty once trimmed: refused with "Campo requerido" alone, and outside the pattern', () => {
    for (const v of ['', ' ', '   ', '\t\n', '\u00a0 ']) {
      expect(messages(schema.safeParse(v)), JSON.stringify(v)).toEqual([MSG.required]);
      expect(pattern.test(v), JSON.stringify(v)).toBe(false);
    }
  });

  it('a text with something visible passes both, trimmed by the rule', () => {
    for (const v of ['a', ' a ', '\tAna García\n', 'x y']) {
      expect(schema.safeParse(v)).toMatchObject({ success: true, data: v.trim() });
      expect(pattern.test(v), JSON.stringify(v)).toBe(true);
    }
  });

  it('control characters are refused by both, with their own message', () => {
    for (const v of ['a\u0000', '\u0007b', 'a\u000bb', 'a \u000c b']) {
      expect(messages(schema.safeParse(v)), JSON.stringify(v)).toEqual(['Contiene caracteres no permitidos']);
      expect(pattern.test(v), JSON.stringify(v)).toBe(false);
    }
  });

  it('the public pages check the same (requiredText, zod/mini)', () => {
    for (const v of ['', '   ']) expect(messages(requiredText(10).safeParse(v))).toEqual([MSG.required]);
    expect(requiredText(10).safeParse(' b ')).toMatchObject({ success: true, data: 'b' });
    expect(NOT_BLANK_RE.source).toBe(pattern.source);
  });
});

describe('numbers from forms and JSON: plain decimal text only (issue 21)', () => {
  it('a number, or plain decimal text, is that number', () => {
    expect(zInt(0, 10).parse(5)).toBe(5);
    expect(zInt(0, 10).parse(' 5 ')).toBe(5);
    expect(zDecimal(0, 100, 'rango').parse('12.5')).toBe(12.5);
    expect(zChoiceOf([1, 2]).parse('2')).toBe(2);
  });

  it('\'\' and null are an empty field: "Campo requerido", even where the field may be left out', () => {
    for (const v of ['', null, undefined]) expect(messages(zInt(0, 10).safeParse(v))).toEqual([MSG.required]);
    for (const v of ['', null]) expect(messages(zDecimal(0, 1, 'r').optional().safeParse(v))).toEqual([MSG.required]);
    expect(zInt(0, 10).optional().safeParse(undefined)).toMatchObject({ success: true, data: undefined });
  });

  it('what JavaScript would turn into a number is refused: booleans, lists, blank or hexadecimal text', () => {
    for (const v of [true, false, [5], ' ', '0x5', '5a', '1e1', {}]) {
      expect(messages(zInt(0, 10).safeParse(v)), JSON.stringify(v)).toEqual([MSG.invalidNumber]);
      expect(messages(zDecimal(0, 100, 'rango').safeParse(v)), JSON.stringify(v)).toEqual([MSG.invalidNumber]);
      expect(messages(zChoiceOf([1, 2]).safeParse(v)), JSON.stringify(v)).toEqual([MSG.invalidOption]);
    }
  });
});
