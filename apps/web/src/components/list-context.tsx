import { createContext, type ReactNode, useContext } from 'react';
import { useIsPhone } from '../lib/use-is-phone';
import type { TListControls } from '../lib/use-list-params';

type TListContext = { list: TListControls; isPhone: boolean };

const ListContext = createContext<TListContext | null>(null);

/**
 * The list a screen's filters, rows and footer belong to (ListScreen provides it), so each piece
 * reads and writes the same URL state without passing it around.
 */
export function ListProvider({ list, children }: { list: TListControls; children: ReactNode }) {
  const isPhone = useIsPhone();
  return <ListContext.Provider value={{ list, isPhone }}>{children}</ListContext.Provider>;
}

export function useListContext(): TListContext {
  const context = useContext(ListContext);
  if (!context) throw new Error('A list piece outside <ListScreen> / <ListProvider>.');
  return context;
}
