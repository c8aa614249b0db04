/**
 * The XML of VERI*FACTU invoicing records (issue 34, ADR 025), as the AEAT's schemas name and order
 * the elements: `SuministroInformacion.xsd` (the record: RegistroAlta, RegistroAnulacion) inside
 * `SuministroLR.xsd`'s `RegFactuSistemaFacturacion` (the submission: Cabecera with the issuer, then
 * one RegistroFactura per record), in a SOAP 1.1 envelope. Pure: the service gives it the fields,
 * already written as the fingerprint covers them (amounts `123.45`, dates dd-mm-aaaa).
 */

export const SUM_NS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';
export const SUM1_NS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/**
 * The billing system that produced the records (SistemaInformatico). Its producer (NombreRazon and
 * NIF) is not here: the service gives it with each record (invoices.settings.ts `producerFor`:
 * AEAT_VERIFACTU_PRODUCER_NIF/_NAME, or the issuer itself).
 */
export const INFORMATION_SYSTEM = {
  name: 'Trayecto',
  id: 'TR',
  version: '1.0',
  installation: '1',
} as const;

/**
 * The longest texts SuministroInformacion.xsd takes (TextMax120Type, TextMax500Type): a longer name
 * or description is cut rather than refused by the AEAT as a whole submission.
 */
export const XML_TEXT_MAX = { name: 120, description: 500 } as const;

/** `s` cut to `max` characters (whole code points, trailing spaces dropped). */
export function clip(s: string, max: number): string {
  const chars = [...s.trim()];
  return chars.length <= max ? chars.join('') : chars.slice(0, max).join('').trimEnd();
}

/** Escapes text for an XML element's content or attribute. */
export function xmlEscape(s: string): string {
  return (
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot carry them: dropped on purpose
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
  );
}

const el = (name: string, value: string) => `<sum1:${name}>${xmlEscape(value)}</sum1:${name}>`;
const group = (name: string, ...children: string[]) => `<sum1:${name}>${children.join('')}</sum1:${name}>`;
/** A record's root element declares its namespace, so the stored record is a document of its own. */
const rootGroup = (name: string, children: string[]) =>
  `<sum1:${name} xmlns:sum1="${SUM1_NS}">${children.join('')}</sum1:${name}>`;

export type XmlInvoiceId = { issuerNif: string; number: string; issueDate: string };

/** A recipient of a full invoice: a Spanish NIF, or another country's id (IDOtro). */
export type XmlRecipient = { name: string; taxId: string; country: string };

export type XmlBreakdown = {
  /** `01` IVA, `03` IGIC. */
  tax: '01' | '03';
  /** Percent as written: `21.00`. */
  rate: string;
  base: string;
  amount: string;
};

export type AltaXmlInput = {
  id: XmlInvoiceId;
  issuerName: string;
  /** F1, F2, F3, R1, R5. */
  type: string;
  /** Corrective invoices: the invoices they correct (by differences: TipoRectificativa I). */
  corrected?: XmlInvoiceId[];
  /** F3: the simplified invoices it replaces. */
  replaced?: XmlInvoiceId[];
  description: string;
  recipients?: XmlRecipient[];
  breakdown: XmlBreakdown[];
  taxTotal: string;
  total: string;
  /** The previous record of the chain; undefined for the first. */
  previous?: XmlInvoiceId & { fingerprint: string };
  generatedAt: string;
  fingerprint: string;
  /** The billing system's producer (SistemaInformatico's NombreRazon and NIF). */
  system: XmlProducer;
};

export type XmlProducer = { producerName: string; producerNif: string };

/** The EU VAT number type of IDOtro (`02` NIF-IVA) or another country's official id (`04`). */
const EU_PREFIXES = new Set(
  'AT BE BG CY CZ DE DK EE EL GR FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

function recipientXml(r: XmlRecipient): string {
  const name = clip(r.name, XML_TEXT_MAX.name);
  if (r.country === 'ES') return group('IDDestinatario', el('NombreRazon', name), el('NIF', r.taxId));
  const idType = EU_PREFIXES.has(r.country) ? '02' : '04';
  return group(
    'IDDestinatario',
    el('NombreRazon', name),
    group('IDOtro', el('CodigoPais', r.country === 'EL' ? 'GR' : r.country), el('IDType', idType), el('ID', r.taxId)),
  );
}

const idXml = (wrapper: string, id: XmlInvoiceId) =>
  group(
    wrapper,
    el('IDEmisorFactura', id.issuerNif),
    el('NumSerieFactura', id.number),
    el('FechaExpedicionFactura', id.issueDate),
  );

function chainXml(previous: AltaXmlInput['previous']): string {
  if (!previous) return group('Encadenamiento', el('PrimerRegistro', 'S'));
  return group(
    'Encadenamiento',
    group(
      'RegistroAnterior',
      el('IDEmisorFactura', previous.issuerNif),
      el('NumSerieFactura', previous.number),
      el('FechaExpedicionFactura', previous.issueDate),
      el('Huella', previous.fingerprint),
    ),
  );
}

function systemXml(producer: XmlProducer): string {
  return group(
    'SistemaInformatico',
    el('NombreRazon', clip(producer.producerName, XML_TEXT_MAX.name)),
    el('NIF', producer.producerNif),
    el('NombreSistemaInformatico', INFORMATION_SYSTEM.name),
    el('IdSistemaInformatico', INFORMATION_SYSTEM.id),
    el('Version', INFORMATION_SYSTEM.version),
    el('NumeroInstalacion', INFORMATION_SYSTEM.installation),
    el('TipoUsoPosibleSoloVerifactu', 'S'),
    el('TipoUsoPosibleMultiOT', 'S'),
    el('IndicadorMultiplesOT', 'S'),
  );
}

/** An «alta» record (RegistroAlta), the elements in the order of SuministroInformacion.xsd. */
export function altaRecordXml(r: AltaXmlInput): string {
  const parts: string[] = [
    el('IDVersion', '1.0'),
    group(
      'IDFactura',
      el('IDEmisorFactura', r.id.issuerNif),
      el('NumSerieFactura', r.id.number),
      el('FechaExpedicionFactura', r.id.issueDate),
    ),
    el('NombreRazonEmisor', clip(r.issuerName, XML_TEXT_MAX.name)),
    el('TipoFactura', r.type),
  ];
  if (r.type.startsWith('R')) {
    parts.push(el('TipoRectificativa', 'I'));
    if (r.corrected?.length) {
      parts.push(group('FacturasRectificadas', ...r.corrected.map((c) => idXml('IDFacturaRectificada', c))));
    }
  }
  if (r.replaced?.length) {
    parts.push(group('FacturasSustituidas', ...r.replaced.map((c) => idXml('IDFacturaSustituida', c))));
  }
  parts.push(el('DescripcionOperacion', clip(r.description, XML_TEXT_MAX.description) || 'Servicios de excursión'));
  if (r.recipients?.length) parts.push(group('Destinatarios', ...r.recipients.map(recipientXml)));
  parts.push(
    group(
      'Desglose',
      ...r.breakdown.map((b) =>
        group(
          'DetalleDesglose',
          el('Impuesto', b.tax),
          el('ClaveRegimen', '01'),
          el('CalificacionOperacion', 'S1'),
          el('TipoImpositivo', b.rate),
          el('BaseImponibleOimporteNoSujeto', b.base),
          el('CuotaRepercutida', b.amount),
        ),
      ),
    ),
    el('CuotaTotal', r.taxTotal),
    el('ImporteTotal', r.total),
    chainXml(r.previous),
    systemXml(r.system),
    el('FechaHoraHusoGenRegistro', r.generatedAt),
    el('TipoHuella', '01'),
    el('Huella', r.fingerprint),
  );
  return rootGroup('RegistroAlta', parts);
}

export type AnulacionXmlInput = {
  id: XmlInvoiceId;
  previous?: XmlInvoiceId & { fingerprint: string };
  generatedAt: string;
  fingerprint: string;
  system: XmlProducer;
};

/** An «anulación» record (RegistroAnulacion). */
export function anulacionRecordXml(r: AnulacionXmlInput): string {
  return rootGroup('RegistroAnulacion', [
    el('IDVersion', '1.0'),
    group(
      'IDFactura',
      el('IDEmisorFacturaAnulada', r.id.issuerNif),
      el('NumSerieFacturaAnulada', r.id.number),
      el('FechaExpedicionFacturaAnulada', r.id.issueDate),
    ),
    chainXml(r.previous),
    systemXml(r.system),
    el('FechaHoraHusoGenRegistro', r.generatedAt),
    el('TipoHuella', '01'),
    el('Huella', r.fingerprint),
  ]);
}

/**
 * The submission of some records of one issuer (RegFactuSistemaFacturacion of SuministroLR.xsd): its
 * Cabecera (ObligadoEmision) and one RegistroFactura per record, in the chain's order. `records` are
 * the stored records (`<sum1:RegistroAlta xmlns:sum1=…>…`). Declares its namespaces, so it is a
 * document of its own (what the schema validates).
 */
export function submissionBody(issuer: { name: string; nif: string }, records: string[]): string {
  return [
    `<sum:RegFactuSistemaFacturacion xmlns:sum="${SUM_NS}" xmlns:sum1="${SUM1_NS}">`,
    `<sum:Cabecera>${group('ObligadoEmision', el('NombreRazon', clip(issuer.name, XML_TEXT_MAX.name)), el('NIF', issuer.nif))}</sum:Cabecera>`,
    ...records.map((r) => `<sum:RegistroFactura>${r}</sum:RegistroFactura>`),
    '</sum:RegFactuSistemaFacturacion>',
  ].join('');
}

/** The submission in a SOAP 1.1 envelope, as the AEAT's web service takes it. */
export function submissionEnvelope(issuer: { name: string; nif: string }, records: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:sum="${SUM_NS}" xmlns:sum1="${SUM1_NS}">`,
    '<soapenv:Header/>',
    '<soapenv:Body>',
    submissionBody(issuer, records),
    '</soapenv:Body>',
    '</soapenv:Envelope>',
  ].join('');
}

/** One line of the AEAT's answer (RespuestaLinea): the invoice and how its record fared. */
export type AnswerLine = {
  number: string;
  /** Correcto, AceptadoConErrores, Incorrecto. */
  state: string;
  code: string;
  description: string;
};

export type SubmissionAnswer = {
  /** The submission's secure verification code, when it was accepted (in whole or in part). */
  csv: string | null;
  /** Correcto, ParcialmenteCorrecto, Incorrecto. */
  state: string;
  lines: AnswerLine[];
  /** A SOAP fault's text, when the answer is one. */
  fault: string | null;
};

const tagText = (xml: string, name: string): string | null => {
  const m = new RegExp(`<(?:[A-Za-z0-9_]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[A-Za-z0-9_]+:)?${name}>`).exec(xml);
  return m ? unescapeXml(m[1].trim()) : null;
};

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads the AEAT's answer (RespuestaRegFactuSistemaFacturacion) or its SOAP fault. */
export function parseSubmissionAnswer(xml: string): SubmissionAnswer {
  const fault = tagText(xml, 'faultstring');
  const lines: AnswerLine[] = [];
  const re = /<(?:[A-Za-z0-9_]+:)?RespuestaLinea(?:\s[^>]*)?>([\s\S]*?)<\/(?:[A-Za-z0-9_]+:)?RespuestaLinea>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const body = m[1];
    lines.push({
      number: tagText(body, 'NumSerieFactura') ?? '',
      state: tagText(body, 'EstadoRegistro') ?? '',
      code: tagText(body, 'CodigoErrorRegistro') ?? '',
      description: tagText(body, 'DescripcionErrorRegistro') ?? '',
    });
  }
  return { csv: tagText(xml, 'CSV'), state: tagText(xml, 'EstadoEnvio') ?? '', lines, fault };
}
