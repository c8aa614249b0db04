/**
 * The VERI*FACTU fingerprint against the AEAT's three worked examples («Detalle de las
 * especificaciones técnicas para generación de la huella o hash de los registros de facturación»):
 * a first «alta», the next one chained to it, and the «anulación» of the second, chained to that.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  altaFingerprint,
  altaFingerprintInput,
  anulacionFingerprint,
  anulacionFingerprintInput,
  recordAmount,
  recordDate,
  verificationUrl,
} from './verifactu';

const FIRST = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const SECOND = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
const CANCELLED = '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68';

describe("the AEAT's worked examples", () => {
  it('1: the first «alta» of a chain (no previous fingerprint)', () => {
    const f = {
      issuerNif: '89890001K',
      number: '12345678/G33',
      issueDate: '01-01-2024',
      type: 'F1',
      taxTotal: '12.35',
      total: '123.45',
      previous: '',
      generatedAt: '2024-01-01T19:20:30+01:00',
    };
    expect(altaFingerprintInput(f)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(altaFingerprint(f)).toBe(FIRST);
  });

  it('2: the next «alta», chained to the first', () => {
    expect(
      altaFingerprint({
        issuerNif: '89890001K',
        number: '12345679/G34',
        issueDate: '01-01-2024',
        type: 'F1',
        taxTotal: '12.35',
        total: '123.45',
        previous: FIRST,
        generatedAt: '2024-01-01T19:20:35+01:00',
      }),
    ).toBe(SECOND);
  });

  it('3: the «anulación» of the second, chained to it', () => {
    const f = {
      issuerNif: '89890001K',
      number: '12345679/G34',
      issueDate: '01-01-2024',
      previous: SECOND,
      generatedAt: '2024-01-01T19:20:40+01:00',
    };
    expect(anulacionFingerprintInput(f)).toBe(
      'IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00',
    );
    expect(anulacionFingerprint(f)).toBe(CANCELLED);
  });

  it('recomputes independently: SHA-256 of the UTF-8 text, uppercase hexadecimal; values trimmed', () => {
    const f = {
      issuerNif: ' 89890001K ',
      number: 'A/2027-1',
      issueDate: '15-03-2027',
      type: 'F2',
      taxTotal: '3.14',
      total: '48.00',
      previous: FIRST,
      generatedAt: '2027-03-15T10:00:00+00:00',
    };
    const text = `IDEmisorFactura=89890001K&NumSerieFactura=A/2027-1&FechaExpedicionFactura=15-03-2027&TipoFactura=F2&CuotaTotal=3.14&ImporteTotal=48.00&Huella=${FIRST}&FechaHoraHusoGenRegistro=2027-03-15T10:00:00+00:00`;
    expect(altaFingerprint(f)).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex').toUpperCase());
    expect(altaFingerprint(f)).toMatch(/^[0-9A-F]{64}$/);
  });
});

describe('record formats', () => {
  it('amounts with a dot and two decimals; dates dd-mm-aaaa', () => {
    expect(recordAmount(12345)).toBe('123.45');
    expect(recordAmount(-1230)).toBe('-12.30');
    expect(recordAmount(5)).toBe('0.05');
    expect(recordDate('2027-01-09')).toBe('09-01-2027');
  });
  it('the QR verification URL on the test host, its values encoded', () => {
    expect(
      verificationUrl('test', {
        issuerNif: '89890001K',
        number: 'A/2027-12',
        issueDate: '09-01-2027',
        total: '241.40',
      }),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=A%2F2027-12&fecha=09-01-2027&importe=241.40',
    );
    expect(
      verificationUrl('live', { issuerNif: 'B12345678', number: '1', issueDate: '01-02-2027', total: '10.00' }),
    ).toMatch(/^https:\/\/www2\.agenciatributaria\.gob\.es\/wlpl\/TIKE-CONT\/ValidarQR\?/);
  });
});
