import { describe, expect, it } from 'vitest';
import { countCsvRecords, csvLine, escapeCsvCell, toCsv } from './csv';

describe('CSV export', () => {
  it('PRODUCT §5 "export to CSV of the filtered rows": cells starting with = + - @ get a leading apostrophe (formula injection)', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(escapeCsvCell('+1+A1')).toBe("'+1+A1");
    // A plain phone number is not a formula (issue 12): written as typed.
    expect(escapeCsvCell('+34 600 000 000')).toBe('+34 600 000 000');
    expect(escapeCsvCell('-2+3')).toBe("'-2+3");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('\tcmd')).toBe("'\tcmd");
    expect(escapeCsvCell('Ana = Bea')).toBe('Ana = Bea');
  });

  it('quotes separators, quotes and new lines', () => {
    expect(escapeCsvCell('a;b')).toBe('"a;b"');
    expect(escapeCsvCell('di "hola"')).toBe('"di ""hola"""');
    expect(escapeCsvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
  });

  it('spec §9 "Locale is Spanish": numbers use the decimal comma and are not treated as formulas', () => {
    expect(escapeCsvCell(12.5)).toBe('12,5');
    expect(escapeCsvCell(-3)).toBe('-3');
    expect(escapeCsvCell(1234567)).toBe('1234567');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell(true)).toBe('Sí');
  });

  it('builds a semicolon-separated file with a UTF-8 BOM and CRLF line ends', () => {
    const csv = toCsv(
      ['Nombre', 'Email'],
      [
        ['José Núñez', 'jose@teide.es'],
        ['=cmd', 'x;y'],
      ],
    );
    expect(csv).toBe('\uFEFFNombre;Email\r\nJosé Núñez;jose@teide.es\r\n\'=cmd;"x;y"\r\n');
  });
});

describe('streamed lines and counting', () => {
  it('csvLine is one record of toCsv (a streamed file equals the file built in one go)', () => {
    const rows = [
      ['a', 1.5, true],
      ['=x', null, 'línea\r\nsegunda'],
    ];
    expect(`\uFEFF${csvLine(['A', 'B', 'C'])}${rows.map(csvLine).join('')}`).toBe(toCsv(['A', 'B', 'C'], rows));
  });

  it('counts the records after the header, not the line ends inside quoted cells', () => {
    expect(countCsvRecords(toCsv(['A'], []))).toBe(0);
    expect(
      countCsvRecords(
        toCsv(
          ['A', 'B'],
          [
            ['x', 'y\r\nz'],
            ['"q"', 'w'],
          ],
        ),
      ),
    ).toBe(2);
  });
});
