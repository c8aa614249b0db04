import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ListProvider } from '../components/list-context';
import { FilterSelect, SearchInput } from '../components/list-toolbar';
import { renderRoutes } from '../test/render';
import { SEARCH_DEBOUNCE_MS, useListControls } from './use-list-params';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ListHarness() {
  const list = useListControls({ sort: 'name', filterKeys: ['q', 'state'] });
  return (
    <ListProvider list={list}>
      <SearchInput placeholder="Nombre" />
      <FilterSelect param="state" label="Estado" data={[{ value: '1', label: 'Activo' }]} flex="1 1 100px" />
      <Link to="/records/r1">Abrir registro</Link>
    </ListProvider>
  );
}

/** A record screen loaded on demand, as the app's routes are: the navigation waits for it. */
function lazyRecordRoute() {
  let release = () => {};
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    route: {
      path: '/records/:id',
      lazy: async () => {
        await loaded;
        return { Component: () => <h1>Registro</h1> };
      },
    },
  };
}

describe('list search box (lib/use-list-params.ts)', () => {
  it('a search still waiting when a row opens a record does not rewrite the URL nor cancel the navigation', async () => {
    const record = lazyRecordRoute();
    const { router } = renderRoutes([{ path: '/list', element: <ListHarness /> }, record.route], '/list?state=1');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'teide' } });
    fireEvent.click(screen.getByRole('link', { name: 'Abrir registro' }));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));

    // The debounce runs out while the record's screen is still loading.
    await act(() => sleep(SEARCH_DEBOUNCE_MS + 250));
    record.release();

    expect(await screen.findByRole('heading', { name: 'Registro' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/records/r1');
    expect(router.state.location.search).toBe('');
  });

  it('typed text reaches the URL after the pause', async () => {
    const { router } = renderRoutes([{ path: '/list', element: <ListHarness /> }], '/list');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: ' teide ' } });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?q=teide'));
  });

  it('a filter picked while the search waits carries the text, and the pending push is dropped', async () => {
    const { router } = renderRoutes([{ path: '/list', element: <ListHarness /> }], '/list');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'teide' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Activo' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('state')).toBe('1'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('teide');

    const entry = router.state.location.key;
    await act(() => sleep(SEARCH_DEBOUNCE_MS + 150));
    expect(router.state.location.key).toBe(entry);
  });
});
