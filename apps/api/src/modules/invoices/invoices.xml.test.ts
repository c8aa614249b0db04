/**
 * The record's XML (SuministroInformacion.xsd / SuministroLR.xsd element names and order), its
 * escaping, the SOAP submission and the reading of the AEAT's answer, each kind of record validated
 * against the AEAT's own schemas (test/fixtures/verifactu-xsd); and the invoices' amounts.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { verifactuSchemaErrors } from '../../../test/fixtures/verifactu-xsd/validate';
import { baseOf, bookingAmounts, correctionAmounts } from './invoices.amounts';
import { zonedStamp } from './invoices.service';
import {
  type AltaXmlInput,
  altaRecordXml,
  anulacionRecordXml,
  parseSubmissionAnswer,
  SUM1_NS,
  submissionBody,
  submissionEnvelope,
  xmlEscape,
} from './invoices.xml';

const PRODUCER = { producerName: 'Trayecto Software S.L.', producerNif: 'B76543210' };

const first = {
  id: { issuerNif: '89890001K', number: 'F2027-000001', issueDate: '01-01-2027' },
  issuerName: 'Teide & Mar <Aventuras> "S.L."',
  type: 'F1',
  description: 'Excursión Teide',
  recipients: [{ name: "O'Brien & Co", taxId: 'B12345674', country: 'ES' }],
  breakdown: [{ tax: '03' as const, rate: '7.00', base: '107.48', amount: '7.52' }],
  taxTotal: '7.52',
  total: '115.00',
  generatedAt: '2027-01-01T10:00:00+00:00',
  fingerprint: 'A'.repeat(64),
  system: PRODUCER,
};

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false }).parse(xml);

describe('RegistroAlta', () => {
  it('is well formed, declares its namespace and carries the fields in the schema’s order', () => {
    const xml = altaRecordXml(first);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith(`<sum1:RegistroAlta xmlns:sum1="${SUM1_NS}">`)).toBe(true);
    const order = [
      'IDVersion',
      'IDFactura',
      'NombreRazonEmisor',
      'TipoFactura',
      'DescripcionOperacion',
      'Destinatarios',
      'Desglose',
      'CuotaTotal',
      'ImporteTotal',
      'Encadenamiento',
      'SistemaInformatico',
      'FechaHoraHusoGenRegistro',
      'TipoHuella',
      'Huella',
    ];
    const at = order.map((n) => xml.indexOf(`<sum1:${n}>`));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const r = parse(xml).RegistroAlta;
    expect(r.IDVersion).toBe('1.0');
    expect(r.IDFactura).toEqual({
      IDEmisorFactura: '89890001K',
      NumSerieFactura: 'F2027-000001',
      FechaExpedicionFactura: '01-01-2027',
    });
    expect(r.NombreRazonEmisor).toBe('Teide & Mar <Aventuras> "S.L."');
    expect(r.Destinatarios.IDDestinatario).toEqual({ NombreRazon: "O'Brien & Co", NIF: 'B12345674' });
    expect(r.Desglose.DetalleDesglose).toMatchObject({
      Impuesto: '03',
      ClaveRegimen: '01',
      CalificacionOperacion: 'S1',
      TipoImpositivo: '7.00',
      BaseImponibleOimporteNoSujeto: '107.48',
      CuotaRepercutida: '7.52',
    });
    expect(r.Encadenamiento).toEqual({ PrimerRegistro: 'S' });
    expect(r.TipoHuella).toBe('01');
    expect(r.Huella).toBe('A'.repeat(64));
  });

  it('escapes text: & < > " \' never break the document', () => {
    const xml = altaRecordXml(first);
    expect(xml).toContain('Teide &amp; Mar &lt;Aventuras&gt; &quot;S.L.&quot;');
    expect(xml).toContain('O&apos;Brien &amp; Co');
    expect(xmlEscape('a\u0001b')).toBe('ab');
  });

  it('chains to the previous record, names what a corrective invoice corrects, and a foreign recipient by IDOtro', () => {
    const xml = altaRecordXml({
      ...first,
      type: 'R1',
      corrected: [{ issuerNif: '89890001K', number: 'F2027-000001', issueDate: '01-01-2027' }],
      recipients: [{ name: 'Hans GmbH', taxId: 'DE123456789', country: 'DE' }],
      previous: {
        issuerNif: '89890001K',
        number: 'F2027-000001',
        issueDate: '01-01-2027',
        fingerprint: 'B'.repeat(64),
      },
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const r = parse(xml).RegistroAlta;
    expect(r.TipoRectificativa).toBe('I');
    expect(r.FacturasRectificadas.IDFacturaRectificada.NumSerieFactura).toBe('F2027-000001');
    expect(r.Destinatarios.IDDestinatario.IDOtro).toEqual({ CodigoPais: 'DE', IDType: '02', ID: 'DE123456789' });
    expect(r.Encadenamiento.RegistroAnterior).toEqual({
      IDEmisorFactura: '89890001K',
      NumSerieFactura: 'F2027-000001',
      FechaExpedicionFactura: '01-01-2027',
      Huella: 'B'.repeat(64),
    });
  });

  it('an F3 names the simplified invoice it replaces', () => {
    const xml = altaRecordXml({
      ...first,
      type: 'F3',
      replaced: [{ issuerNif: '89890001K', number: 'F2027-000002', issueDate: '02-01-2027' }],
    });
    expect(parse(xml).RegistroAlta.FacturasSustituidas.IDFacturaSustituida.NumSerieFactura).toBe('F2027-000002');
  });
});

describe('RegistroAnulacion and the submission', () => {
  it('an anulación carries its own fields', () => {
    const xml = anulacionRecordXml({
      id: { issuerNif: '89890001K', number: 'F2027-000001', issueDate: '01-01-2027' },
      generatedAt: '2027-01-01T10:00:00+00:00',
      fingerprint: 'C'.repeat(64),
      system: PRODUCER,
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parse(xml).RegistroAnulacion.IDFactura).toEqual({
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: 'F2027-000001',
      FechaExpedicionFacturaAnulada: '01-01-2027',
    });
  });

  it('wraps records in RegFactuSistemaFacturacion with the issuer in the Cabecera', () => {
    const env = submissionEnvelope({ name: 'Teide & Mar', nif: '89890001K' }, [altaRecordXml(first)]);
    expect(XMLValidator.validate(env)).toBe(true);
    const body = parse(env).Envelope.Body.RegFactuSistemaFacturacion;
    expect(body.Cabecera.ObligadoEmision).toEqual({ NombreRazon: 'Teide & Mar', NIF: '89890001K' });
    expect(env).toContain(submissionBody({ name: 'Teide & Mar', nif: '89890001K' }, [altaRecordXml(first)]));
    expect(body.RegistroFactura.RegistroAlta.IDFactura.NumSerieFactura).toBe('F2027-000001');
  });

  it('reads the AEAT’s answer and a SOAP fault', () => {
    const answer =
      parseSubmissionAnswer(`<env:Envelope xmlns:env="x"><env:Body><tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="y" xmlns:tik="z">
      <tikR:CSV>A-ABCDEF123456</tikR:CSV><tikR:EstadoEnvio>ParcialmenteCorrecto</tikR:EstadoEnvio>
      <tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>89890001K</tik:IDEmisorFactura><tik:NumSerieFactura>F2027-000001</tik:NumSerieFactura></tikR:IDFactura><tikR:EstadoRegistro>Correcto</tikR:EstadoRegistro></tikR:RespuestaLinea>
      <tikR:RespuestaLinea><tikR:IDFactura><tik:NumSerieFactura>F2027-000002</tik:NumSerieFactura></tikR:IDFactura><tikR:EstadoRegistro>Incorrecto</tikR:EstadoRegistro><tikR:CodigoErrorRegistro>1100</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Valor &amp; no válido</tikR:DescripcionErrorRegistro></tikR:RespuestaLinea>
      </tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`);
    expect(answer).toEqual({
      csv: 'A-ABCDEF123456',
      state: 'ParcialmenteCorrecto',
      fault: null,
      lines: [
        { number: 'F2027-000001', state: 'Correcto', code: '', description: '' },
        { number: 'F2027-000002', state: 'Incorrecto', code: '1100', description: 'Valor & no válido' },
      ],
    });
    expect(
      parseSubmissionAnswer(
        '<Envelope><Body><Fault><faultstring>Codigo[4102]. XML no válido</faultstring></Fault></Body></Envelope>',
      ).fault,
    ).toBe('Codigo[4102]. XML no válido');
  });
});

describe('amounts', () => {
  it('takes the base out of a price with tax: round(total × 100 / (100 + rate)), tax the rest', () => {
    expect(baseOf(11500, 7)).toBe(10748);
    expect(baseOf(12100, 21)).toBe(10000);
    expect(baseOf(-11500, 7)).toBe(-10748);
    expect(baseOf(0, 7)).toBe(0);
  });

  it('a booking: a line per passenger type and the discount as a negative line; taxes per rate over the total', () => {
    const a = bookingAmounts({
      productName: 'Teide',
      date: '2027-07-01',
      lines: [
        { pax_type: 'adult', quantity: 2, unit_cents: 4500, total_cents: 9000 },
        { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500 },
        { pax_type: 'infant', quantity: 0, unit_cents: 0, total_cents: 0 },
      ],
      discountCents: 1000,
      discountReason: 'Cliente habitual',
      taxRate: 7,
    });
    expect(a.lines.map((l) => [l.description, l.quantity, l.total_cents])).toEqual([
      ['Teide (01/07/2027) · Adulto', 2, 9000],
      ['Teide (01/07/2027) · Niño', 1, 2500],
      ['Descuento: Cliente habitual', 1, -1000],
    ]);
    expect(a.totalCents).toBe(10500);
    expect(a.taxes).toEqual([{ rate: 7, base_cents: 9813, tax_cents: 687 }]);
    expect(a.baseCents + a.taxCents).toBe(a.totalCents);
  });

  it('a correction is negative and spread over the original’s rates', () => {
    const c = correctionAmounts(
      {
        code: 'F2027-000001',
        totalCents: 20000,
        taxes: [
          { rate: 7, base_cents: 9346, tax_cents: 654 },
          { rate: 3, base_cents: 9709, tax_cents: 291 },
        ],
      },
      5001,
      'en',
    );
    expect(c.totalCents).toBe(-5001);
    expect(c.lines.map((l) => [l.tax_rate, l.total_cents])).toEqual([
      [7, -2501],
      [3, -2500],
    ]);
    expect(c.baseCents + c.taxCents).toBe(-5001);
    expect(c.lines.map((l) => l.description)).toEqual([
      'Correction of invoice F2027-000001',
      'Correction of invoice F2027-000001',
    ]);
  });

  it('writes the lines in the invoice’s language; the office’s discount reason only in its own', () => {
    const booking = {
      productName: 'Teide by night',
      date: '2027-07-01',
      lines: [
        { pax_type: 'adult', quantity: 2, unit_cents: 4500, total_cents: 9000 },
        { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500 },
      ],
      discountCents: 1000,
      discountReason: 'Cliente habitual',
      taxRate: 7,
    };
    expect(bookingAmounts(booking, 'en', false).lines.map((l) => l.description)).toEqual([
      'Teide by night (01/07/2027) · Adult',
      'Teide by night (01/07/2027) · Child',
      'Discount',
    ]);
    expect(bookingAmounts(booking, 'de', true).lines.map((l) => l.description)).toEqual([
      'Teide by night (01/07/2027) · Erwachsener',
      'Teide by night (01/07/2027) · Kind',
      'Rabatt: Cliente habitual',
    ]);
  });
});

describe('zonedStamp', () => {
  it('writes the operator’s wall clock with its offset', () => {
    expect(zonedStamp(new Date('2027-01-01T18:20:30Z'), 'Europe/Madrid')).toEqual({
      stamp: '2027-01-01T19:20:30+01:00',
      date: '2027-01-01',
    });
    expect(zonedStamp(new Date('2027-07-01T23:30:00Z'), 'Atlantic/Canary')).toEqual({
      stamp: '2027-07-02T00:30:00+01:00',
      date: '2027-07-02',
    });
    expect(zonedStamp(new Date('2027-01-01T03:00:00Z'), 'America/New_York').stamp).toBe('2026-12-31T22:00:00-05:00');
  });
});

/** Every kind of record Trayecto writes, as the service builds them (invoices.service.ts writeInvoice). */
const ISSUER = { issuerNif: 'B12345674', issueDate: '14-07-2027' };
const f2: AltaXmlInput = {
  id: { ...ISSUER, number: 'F2027-000001' },
  issuerName: 'Teide Aventura S.L.',
  type: 'F2',
  description: 'Excursión Teide by night (14/07/2027), reserva TRY-7K2QF9',
  breakdown: [{ tax: '03', rate: '7.00', base: '107.48', amount: '7.52' }],
  taxTotal: '7.52',
  total: '115.00',
  generatedAt: '2027-07-14T10:20:30+01:00',
  fingerprint: 'A'.repeat(64),
  system: PRODUCER,
};
const previous = { ...ISSUER, number: 'F2027-000001', fingerprint: 'A'.repeat(64) };
const records: [string, string][] = [
  ['an F2, the first of its chain', altaRecordXml(f2)],
  [
    'an F1 with a Spanish recipient (NIF), IVA at two rates',
    altaRecordXml({
      ...f2,
      id: { ...ISSUER, number: 'F2027-000002' },
      type: 'F1',
      recipients: [{ name: 'Viajes Atlántico S.L.', taxId: 'B12345674', country: 'ES' }],
      breakdown: [
        { tax: '01', rate: '21.00', base: '82.64', amount: '17.36' },
        { tax: '01', rate: '10.00', base: '13.64', amount: '1.36' },
      ],
      taxTotal: '18.72',
      total: '115.00',
      previous,
    }),
  ],
  [
    'an F1 with a foreign recipient (IDOtro: an EU VAT number, and another country’s id)',
    altaRecordXml({
      ...f2,
      id: { ...ISSUER, number: 'F2027-000003' },
      type: 'F1',
      recipients: [{ name: 'Hans Müller GmbH', taxId: 'DE123456789', country: 'DE' }],
      previous,
    }),
  ],
  [
    'an F1 for a customer from outside the EU',
    altaRecordXml({
      ...f2,
      id: { ...ISSUER, number: 'F2027-000004' },
      type: 'F1',
      recipients: [{ name: 'John Smith Travel LLC', taxId: 'A'.repeat(20), country: 'US' }],
      previous,
    }),
  ],
  [
    'an F3 replacing the F2',
    altaRecordXml({
      ...f2,
      id: { ...ISSUER, number: 'F2027-000005' },
      type: 'F3',
      replaced: [{ ...ISSUER, number: 'F2027-000001' }],
      recipients: [{ name: 'Viajes Atlántico S.L.', taxId: 'B12345674', country: 'ES' }],
      previous,
    }),
  ],
  [
    'an R5 correcting the F2 by differences (negative amounts)',
    altaRecordXml({
      ...f2,
      id: { ...ISSUER, number: 'R2027-000001' },
      type: 'R5',
      corrected: [{ ...ISSUER, number: 'F2027-000001' }],
      description: `Rectificación de la factura F2027-000001: ${'Cancelación por mal tiempo. '.repeat(30)}`,
      breakdown: [{ tax: '03', rate: '7.00', base: '-23.36', amount: '-1.64' }],
      taxTotal: '-1.64',
      total: '-25.00',
      previous,
    }),
  ],
  [
    'an R1 correcting an F1, with its recipient',
    altaRecordXml({
      ...f2,
      id: { ...ISSUER, number: 'R2027-000002' },
      type: 'R1',
      corrected: [{ ...ISSUER, number: 'F2027-000002' }],
      recipients: [{ name: `Viajes ${'Atlántico '.repeat(20)}S.L.`, taxId: 'B12345674', country: 'ES' }],
      breakdown: [{ tax: '03', rate: '7.00', base: '-107.48', amount: '-7.52' }],
      taxTotal: '-7.52',
      total: '-115.00',
      previous,
    }),
  ],
  [
    'an anulación (the fingerprint and the XML support it; nothing writes one yet)',
    anulacionRecordXml({
      id: { ...ISSUER, number: 'F2027-000001' },
      previous,
      generatedAt: '2027-07-14T11:00:00+01:00',
      fingerprint: 'C'.repeat(64),
      system: PRODUCER,
    }),
  ],
];

describe('against the AEAT’s schemas (SuministroLR.xsd, SuministroInformacion.xsd)', { timeout: 60_000 }, () => {
  it.each(records)('%s is valid', async (_name, xml) => {
    expect(await verifactuSchemaErrors(xml)).toEqual([]);
  });

  it('a submission of those records (RegFactuSistemaFacturacion) is valid', async () => {
    const body = submissionBody(
      { name: 'Teide Aventura S.L.', nif: 'B12345674' },
      records.map(([, xml]) => xml),
    );
    expect(await verifactuSchemaErrors(body)).toEqual([]);
  });

  it('the schemas do refuse what the AEAT refuses (an empty producer NIF, elements out of order)', async () => {
    const noProducer = altaRecordXml({ ...f2, system: { producerName: 'Trayecto', producerNif: '' } });
    expect((await verifactuSchemaErrors(noProducer)).join('\n')).toMatch(/NIF.*length/);
    const swapped = altaRecordXml(f2).replace(
      /(<sum1:CuotaTotal>[^<]*<\/sum1:CuotaTotal>)(<sum1:ImporteTotal>[^<]*<\/sum1:ImporteTotal>)/,
      '$2$1',
    );
    expect(await verifactuSchemaErrors(swapped)).not.toEqual([]);
  });
});
