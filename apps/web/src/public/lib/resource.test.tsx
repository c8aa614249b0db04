import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResource } from './resource';

describe('useResource', () => {
  it('starting a request re-renders nothing; its answer renders once (issue 35, goal 6)', async () => {
    let renders = 0;
    let answer: (v: string[]) => void = () => {};
    const load = () =>
      new Promise<string[]>((resolve) => {
        answer = resolve;
      });
    function Page() {
      renders++;
      const r = useResource('resource-test:places', load);
      return <p>{r.loading ? 'cargando' : r.data?.join(', ')}</p>;
    }
    const { container } = render(<Page />);
    // The first render, then the effect that starts the request: no second render for it.
    await act(async () => {});
    expect(renders).toBe(1);
    expect(container.textContent).toBe('cargando');
    await act(async () => answer(['Hotel Marquesa']));
    expect(container.textContent).toBe('Hotel Marquesa');
    expect(renders).toBe(2);
  });
});
