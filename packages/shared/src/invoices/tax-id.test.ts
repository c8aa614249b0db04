import { describe, expect, it } from 'vitest';
import { ZInvoiceIssueRequest } from './invoices.schema';
import {
  customerTaxIdProblem,
  euVatProblem,
  formatCustomerTaxId,
  isEuVatNumber,
  isSpanishTaxId,
  spanishTaxIdKind,
  spanishTaxIdProblem,
  TAX_ID_MSG,
} from './tax-id';

describe('Spanish NIF / NIE / CIF', () => {
  it('accepts DNIs with their check letter', () => {
    expect(isSpanishTaxId('12345678Z')).toBe(true);
    expect(isSpanishTaxId('00000000T')).toBe(true);
    // The AEAT's worked examples' issuer.
    expect(isSpanishTaxId('89890001K')).toBe(true);
    expect(isSpanishTaxId(' 12.345.678-z ')).toBe(true);
    expect(spanishTaxIdKind('12345678Z')).toBe('dni');
  });

  it('refuses a DNI with the wrong letter, and says why', () => {
    expect(spanishTaxIdProblem('12345678A')).toBe('check');
    expect(spanishTaxIdProblem('1234567Z')).toBe('shape');
    expect(spanishTaxIdProblem('')).toBe('shape');
  });

  it('accepts NIEs (X, Y, Z read as 0, 1, 2)', () => {
    expect(isSpanishTaxId('X1234567L')).toBe(true);
    expect(isSpanishTaxId('Y1234567X')).toBe(true);
    expect(isSpanishTaxId('Z1234567R')).toBe(true);
    expect(spanishTaxIdProblem('X1234567A')).toBe('check');
    expect(spanishTaxIdKind('Y1234567X')).toBe('nie');
  });

  it('accepts K, L, M personal NIFs', () => {
    // 1234567 % 23 = 19 → L
    expect(isSpanishTaxId('K1234567L')).toBe(true);
    expect(spanishTaxIdProblem('K1234567A')).toBe('check');
  });

  it('accepts CIFs with their control digit or letter by the entity kind', () => {
    expect(isSpanishTaxId('B12345674')).toBe(true);
    expect(isSpanishTaxId('A58818501')).toBe(true);
    // P, Q, R, S, N, W carry a letter: control 4 → D.
    expect(isSpanishTaxId('Q1234567D')).toBe(true);
    expect(spanishTaxIdProblem('Q12345674')).toBe('check');
    // A, B, E, H carry a digit.
    expect(spanishTaxIdProblem('B1234567D')).toBe('check');
    // Others take either.
    expect(isSpanishTaxId('G12345674')).toBe(true);
    expect(isSpanishTaxId('G1234567D')).toBe(true);
    expect(spanishTaxIdProblem('B12345675')).toBe('check');
    expect(spanishTaxIdKind('B12345674')).toBe('cif');
  });

  it('allows the ES prefix of a VAT number', () => {
    expect(isSpanishTaxId('ESB12345674')).toBe(true);
    expect(isSpanishTaxId('ES12345678Z')).toBe(true);
  });
});

describe('EU VAT numbers by shape', () => {
  it.each([
    'ATU12345678',
    'BE0123456789',
    'BG123456789',
    'CY12345678L',
    'CZ12345678',
    'DE123456789',
    'DK12345678',
    'EE123456789',
    'EL123456789',
    'ESB12345674',
    'FI12345678',
    'FRXX123456789',
    'FR12345678901',
    'HR12345678901',
    'HU12345678',
    'IE1234567WA',
    'IE1A23456W',
    'IT12345678901',
    'LT123456789',
    'LU12345678',
    'LV12345678901',
    'MT12345678',
    'NL123456789B01',
    'PL1234567890',
    'PT123456789',
    'RO1234567',
    'SE123456789001',
    'SI12345678',
    'SK1234567890',
    'XI123456789',
  ])('accepts %s', (vat) => {
    expect(isEuVatNumber(vat)).toBe(true);
  });

  it('refuses the wrong shape, an unknown prefix, and a Spanish one with a wrong control', () => {
    expect(euVatProblem('DE12345678')).toBe('shape');
    expect(euVatProblem('ATX1234567')).toBe('shape');
    expect(euVatProblem('NL123456789001')).toBe('shape');
    expect(euVatProblem('GR123456789')).toBe('prefix');
    expect(euVatProblem('US123456789')).toBe('prefix');
    expect(euVatProblem('ESB12345675')).toBe('check');
    expect(euVatProblem('de 123 456 789')).toBeUndefined();
  });
});

describe('a customer tax id for their country', () => {
  it('checks a Spanish customer’s control letter', () => {
    expect(customerTaxIdProblem('12345678Z', 'ES')).toBeUndefined();
    expect(customerTaxIdProblem('12345678A', 'ES')).toBe(TAX_ID_MSG.spanishCheck);
    expect(customerTaxIdProblem('ABC', 'ES')).toBe(TAX_ID_MSG.spanishShape);
  });

  it('reads an EU customer’s number with or without its prefix', () => {
    expect(customerTaxIdProblem('123456789', 'DE')).toBeUndefined();
    expect(customerTaxIdProblem('DE123456789', 'DE')).toBeUndefined();
    expect(customerTaxIdProblem('123456789', 'GR')).toBeUndefined();
    expect(customerTaxIdProblem('12345', 'DE')).toBe(TAX_ID_MSG.vatShape('DE'));
    expect(formatCustomerTaxId('123456789', 'DE')).toBe('DE123456789');
    expect(formatCustomerTaxId('de123456789', 'DE')).toBe('DE123456789');
    expect(formatCustomerTaxId('123456789', 'GR')).toBe('EL123456789');
    expect(formatCustomerTaxId('esb12345674', 'ES')).toBe('B12345674');
  });

  it('takes letters and digits from elsewhere', () => {
    expect(customerTaxIdProblem('GB123456789', 'GB')).toBeUndefined();
    expect(customerTaxIdProblem('12-3456789', 'US')).toBeUndefined();
    expect(customerTaxIdProblem('!!', 'US')).toBe(TAX_ID_MSG.other);
    // The AEAT's IDOtro/ID holds 20 characters (SuministroInformacion.xsd TextMax20Type).
    expect(customerTaxIdProblem('A'.repeat(20), 'US')).toBeUndefined();
    expect(customerTaxIdProblem('A'.repeat(21), 'US')).toBe(TAX_ID_MSG.other);
  });
});

describe('the issue request', () => {
  it('needs the customer for a full invoice and puts the tax id error on its field', () => {
    const none = ZInvoiceIssueRequest.safeParse({ kind: 'full' });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0].path).toEqual(['customer']);
    const bad = ZInvoiceIssueRequest.safeParse({
      kind: 'full',
      customer: { name: 'Ana', tax_id: '12345678A', address: 'Calle 1', country: 'es' },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['customer.tax_id', TAX_ID_MSG.spanishCheck],
    ]);
    expect(ZInvoiceIssueRequest.safeParse({ kind: 'simplified' }).success).toBe(true);
  });
});
