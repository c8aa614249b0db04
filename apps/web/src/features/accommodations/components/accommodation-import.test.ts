import { describe, expect, it } from 'vitest';
import {
  countDataRows,
  decodeCsvBytes,
  IMPORT_COLUMNS,
  importSummary,
  importTemplateCsv,
  precheckCsv,
  rejectedReportCsv,
} from './accommodation-import';

describe('accommodation CSV import helpers', () => {
  it('the template: BOM, ";" separated, the documented header and example rows kept intact', () => {
    const csv = importTemplateCsv();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(IMPORT_COLUMNS.map((c) => c.header).join(';'));
    expect(lines[0]).toBe('Nombre;Tipo;Dirección;Zona;Coordenadas;Teléfono;Punto de recogida;Notas');
    expect(lines).toHaveLength(3);
    // No formula-guard apostrophe before the phone number, coordinates untouched.
    expect(lines[1]).toContain(';28.0812,-16.7311;+34 922 000 000;');
    for (const l of lines) expect(l.split(';')).toHaveLength(8);
  });

  it('reads UTF-8 (with or without BOM) and falls back to Windows-1252 (Excel in Spanish)', () => {
    const utf8 = new TextEncoder().encode('\uFEFFNombre;Zona\nHotel Tenerife Ñandú;Adeje\n');
    expect(decodeCsvBytes(utf8)).toBe('Nombre;Zona\nHotel Tenerife Ñandú;Adeje\n');
    // "Dirección;Ñ" in Windows-1252: ó = 0xF3, Ñ = 0xD1 (invalid as UTF-8).
    const cp1252 = new Uint8Array([0x44, 0x69, 0x72, 0x65, 0x63, 0x63, 0x69, 0xf3, 0x6e, 0x3b, 0xd1]);
    expect(decodeCsvBytes(cp1252)).toBe('Dirección;Ñ');
  });

  it('checks the obvious before uploading', () => {
    expect(precheckCsv('   ')).toBe('El fichero está vacío.');
    expect(precheckCsv('Nombre;Zona\r\n;;\r\n')).toMatch(/solo tiene la cabecera/);
    expect(precheckCsv('Nombre;Zona\nHotel A;Adeje\n')).toBeNull();
    expect(countDataRows('Nombre;Zona\r\nA;x\r\n\r\nB;y\r\n')).toBe(2);
  });

  it('the report: preview and result wording, rejected lines as CSV sorted by line', () => {
    const rejected = [
      { line: 5, name: '', errors: ['Nombre: Campo requerido'] },
      { line: 3, name: 'Hotel X', errors: ['Coordenadas: Coordenadas no válidas', 'Tipo: "castillo" no es válido'] },
    ];
    expect(importSummary({ created: 1, rejected, dry_run: true })).toBe(
      'Se creará 1 alojamiento · 2 líneas rechazadas',
    );
    expect(importSummary({ created: 3, rejected: [], dry_run: false })).toBe('Se han creado 3 alojamientos');
    expect(importSummary({ created: 0, rejected: [rejected[0]!], dry_run: false })).toBe(
      'Se han creado 0 alojamientos · 1 línea rechazada',
    );
    const report = rejectedReportCsv(rejected).replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(report).toEqual([
      'Línea;Nombre;Motivos',
      '3;Hotel X;"Coordenadas: Coordenadas no válidas · Tipo: ""castillo"" no es válido"',
      '5;;Nombre: Campo requerido',
    ]);
  });
});
