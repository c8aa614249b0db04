import { ERROR_CODE_LIST, ERROR_CODES } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { AppError, fieldError, genericCode } from './app-error';

describe('AppError (issue 13)', () => {
  it('every code answers its status from the one shared table', () => {
    for (const code of ERROR_CODE_LIST) {
      expect(new AppError({ code, message: 'x' }).status, code).toBe(ERROR_CODES[code].status);
    }
  });

  it('the body is { code, message, errors } plus extra fields, which never replace the code', () => {
    const err = new AppError({
      code: 'NO_SEATS',
      message: 'No quedan plazas suficientes',
      errors: { pax: ['Solo queda 1 plaza'] },
      extra: { alternatives: [], code: 'CONFLICT' },
      headers: { 'Retry-After': '1' },
    });
    expect(err.toBody()).toEqual({
      code: 'NO_SEATS',
      message: 'No quedan plazas suficientes',
      errors: { pax: ['Solo queda 1 plaza'] },
      alternatives: [],
    });
    expect(err.headers).toEqual({ 'Retry-After': '1' });
    expect(fieldError('PLATE_TAKEN', 'plate', 'Ya existe').toBody()).toEqual({
      code: 'PLATE_TAKEN',
      message: 'Ya existe',
      errors: { plate: ['Ya existe'] },
    });
  });

  it('an error known only by its status gets a code of that status (or 400/500 when none has it)', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 414, 415, 422, 429, 500, 503]) {
      expect(ERROR_CODES[genericCode(status)].status, String(status)).toBe(status);
    }
    expect(genericCode(406)).toBe('BAD_REQUEST');
    expect(genericCode(502)).toBe('INTERNAL');
  });
});
