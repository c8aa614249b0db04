import { useState } from 'react';

/**
 * Which record a list's form drawer (or modal) shows: `open(null)` for a new one. The record stays
 * while the drawer closes, so its content does not change during the closing animation.
 */
export function useRecordDrawer<T>() {
  const [state, setState] = useState<{ opened: boolean; record: T | null }>({ opened: false, record: null });
  return {
    ...state,
    open: (record: T | null) => setState({ opened: true, record }),
    close: () => setState((s) => ({ ...s, opened: false })),
  };
}
