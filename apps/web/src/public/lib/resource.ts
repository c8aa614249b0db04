import { useCallback, useEffect, useRef, useState } from 'react';
import { PublicApiError } from './api';

/**
 * Answers already seen in this visit (the product from the landing page, the booking just created)
 * so the next page paints at once; it still refreshes them from the server.
 */
const cache = new Map<string, unknown>();

export function primeResource<T>(key: string, value: T) {
  cache.set(key, value);
}

/** Requests started before their page's code arrived (see prefetchResource). */
const inflight = new Map<string, Promise<unknown>>();
/** Prefetched answers the page has not used yet: its first render needs no second request. */
const justFetched = new Set<string>();

/**
 * Starts loading a page's data while its code chunk is still downloading (the two requests run
 * in parallel instead of one after the other); the page's useResource picks the answer up.
 */
export function prefetchResource<T>(key: string, load: () => Promise<T>) {
  if (cache.has(key) || inflight.has(key)) return;
  const p = load().then(
    (data) => {
      cache.set(key, data);
      justFetched.add(key);
      inflight.delete(key);
      return data;
    },
    (err) => {
      inflight.delete(key);
      throw err;
    },
  );
  p.catch(() => undefined);
  inflight.set(key, p);
}

export type TResource<T> = {
  data: T | undefined;
  error: PublicApiError | null;
  loading: boolean;
  reload: () => void;
  /** Replaces the data (e.g. with a PUT's answer) and the cached copy. */
  set: (value: T) => void;
};

/** Loads `key` with `load` (a tiny useQuery): cached data first, then the server's. */
export function useResource<T>(key: string | null, load: () => Promise<T>, opts: { initial?: T | null } = {}) {
  const initial = (key ? (cache.get(key) as T | undefined) : undefined) ?? opts.initial ?? undefined;
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: PublicApiError | null }>({
    key,
    data: initial,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const fresh = opts.initial != null && key !== null && !cache.has(key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload by key and tick only
  useEffect(() => {
    if (key === null) return;
    if (fresh && tick === 0) {
      cache.set(key, opts.initial);
      return;
    }
    if (tick === 0 && justFetched.delete(key)) {
      setState({ key, data: cache.get(key) as T, error: null });
      return;
    }
    let alive = true;
    // The same state when nothing changes (a first load: no error to clear), so that starting a
    // request re-renders nothing: the page's takeover would otherwise render the whole page
    // again in its effects' task (issue 35, goal 6).
    setState((s) =>
      s.key === key
        ? s.error === null
          ? s
          : { ...s, error: null }
        : { key, data: cache.get(key) as T | undefined, error: null },
    );
    const pending = tick === 0 ? (inflight.get(key) as Promise<T> | undefined) : undefined;
    (pending ?? loadRef.current()).then(
      (data) => {
        cache.set(key, data);
        justFetched.delete(key);
        if (alive) setState({ key, data, error: null });
      },
      (err: unknown) => {
        const error = err instanceof PublicApiError ? err : new PublicApiError(0, String(err));
        if (alive) setState((s) => ({ key, data: s.key === key ? s.data : undefined, error }));
      },
    );
    return () => {
      alive = false;
    };
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const set = useCallback(
    (value: T) => {
      if (key) cache.set(key, value);
      setState({ key, data: value, error: null });
    },
    [key],
  );
  const sameKey = state.key === key;
  const data = sameKey ? state.data : initial;
  const error = sameKey ? state.error : null;
  return { data, error, loading: data === undefined && !error, reload, set } satisfies TResource<T>;
}
