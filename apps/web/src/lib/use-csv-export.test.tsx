import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from './api-client';
import { useCsvExport } from './use-csv-export';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('./notify', () => ({ notifySuccess: notify.success, notifyError: notify.error }));

const csvFile = '\uFEFFMatrícula;Nombre\r\n1234LMN;"Bus\r\ngrande"\r\n5678XYZ;Bus 2\r\n';

describe('"Exportar CSV" (issue 13: the server writes the file)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let clicked: string[];
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
    localStorage.setItem('token', 'abc.def.ghi');
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    notify.success.mockReset();
    notify.error.mockReset();
  });

  const hook = () =>
    renderHook(() =>
      useCsvExport({
        name: 'vehiculos',
        path: '/vehicles/export.csv',
        query: '?state[eq]=1&page=3&per_page=50&sort=-plate',
        exported: ['vehículo exportado', 'vehículos exportados'],
      }),
    ).result;

  it('one request with the filters and sort (no paging), the file under the name the server gave, the rows counted', async () => {
    fetchMock.mockResolvedValue(
      new Response(csvFile, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="vehiculos-2026-11-22.csv"',
        },
      }),
    );
    const result = hook();
    await act(() => result.current.exportCsv());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(decodeURIComponent(String(fetchMock.mock.calls[0]?.[0]))).toBe(
      '/api/v1/vehicles/export.csv?state[eq]=1&sort=-plate',
    );
    expect(clicked).toEqual(['vehiculos-2026-11-22.csv']);
    expect(notify.success).toHaveBeenCalledWith('Exportación lista', '2 vehículos exportados.');
    expect(notify.error).not.toHaveBeenCalled();
    expect(result.current.exporting).toBe(false);
  });

  it('a failed download says so and downloads nothing', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 'INTERNAL', message: 'Error' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const result = hook();
    await act(() => result.current.exportCsv());
    expect(clicked).toEqual([]);
    expect(notify.error).toHaveBeenCalledWith('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    fetchMock.mockRejectedValue(new TypeError('network'));
    await act(() => result.current.exportCsv());
    expect(notify.error).toHaveBeenCalledTimes(2);
  });
});
