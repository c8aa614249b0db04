import { describe, expect, it } from 'vitest';
import { ZErrorResponse } from './api';
import { ERROR_CODE_LIST, ERROR_CODES, errorStatus, isErrorCode } from './errors';

describe('error codes (issue 13)', () => {
  it('the list is a contract: names are stable (add codes, never rename or remove one)', () => {
    const kept = [
      'BAD_REQUEST',
      'INVALID_JSON',
      'IDEMPOTENCY_KEY_INVALID',
      'UNAUTHORIZED',
      'TOKEN_EXPIRED',
      'INVALID_CREDENTIALS',
      'ACCOUNT_INACTIVE',
      'FORBIDDEN',
      'NOT_FOUND',
      'ROUTE_NOT_FOUND',
      'CONFLICT',
      'NO_SEATS',
      'DEPARTURE_CLOSED',
      'STALE_VERSION',
      'IDEMPOTENCY_IN_PROGRESS',
      'EMAIL_TAKEN',
      'CODE_TAKEN',
      'PLATE_TAKEN',
      'ASSIGNMENT_CONFLICT',
      'CAPACITY_BELOW_SOLD',
      'SHEET_EXISTS',
      'IN_USE',
      'STATE_CONFLICT',
      'CANCELLATION_WINDOW_CLOSED',
      'CHECK_IN_OUTSIDE_DAY',
      'IMAGE_LIMIT_REACHED',
      'DUPLICATE',
      'BUSY',
      'PAYLOAD_TOO_LARGE',
      'URI_TOO_LONG',
      'UNSUPPORTED_MEDIA_TYPE',
      'VALIDATION',
      'IDEMPOTENCY_KEY_REUSED',
      'INVALID_STATE_TRANSITION',
      'CUT_OFF_PASSED',
      'DEPARTURE_STARTED',
      'OVERRIDE_REASON_REQUIRED',
      'CURRENT_PASSWORD_WRONG',
      'RATE_LIMITED',
      'INTERNAL',
      'DATA_DIR_LOCKED',
      'UNAVAILABLE',
      'DISK_FULL',
    ];
    for (const code of kept) expect(ERROR_CODE_LIST, code).toContain(code);
  });

  it('the code → status table covers every code: SCREAMING_SNAKE, an error status, a Spanish description', () => {
    expect(new Set(ERROR_CODE_LIST).size).toBe(ERROR_CODE_LIST.length);
    for (const code of ERROR_CODE_LIST) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      // Never mistaken for a PostgreSQL SQLSTATE (five characters) when errors are walked.
      expect(code).not.toMatch(/^[0-9A-Z]{5}$/);
      const status = errorStatus(code);
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
      expect(ERROR_CODES[code].description.length, code).toBeGreaterThan(10);
    }
    expect(errorStatus('NO_SEATS')).toBe(409);
    expect(errorStatus('VALIDATION')).toBe(422);
    expect(errorStatus('IDEMPOTENCY_KEY_REUSED')).toBe(422);
    expect(errorStatus('UNAVAILABLE')).toBe(503);
  });

  it('isErrorCode knows the list and nothing else', () => {
    expect(isErrorCode('NO_SEATS')).toBe(true);
    expect(isErrorCode('no_seats')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('the error body requires a code of the list', () => {
    expect(ZErrorResponse.safeParse({ message: 'x' }).success).toBe(false);
    expect(ZErrorResponse.safeParse({ code: 'WHATEVER', message: 'x' }).success).toBe(false);
    expect(ZErrorResponse.safeParse({ code: 'NO_SEATS', message: 'x', errors: { pax: ['y'] } }).success).toBe(true);
  });
});
