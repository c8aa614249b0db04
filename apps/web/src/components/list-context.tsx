import { createContext, type ReactNode, useContext, useState } from 'react';
import { useIsPhone } from '../lib/use-is-phone';
import type { TListControls } from '../lib/use-list-params';
import { useColumnChoice } from '../lib/use-preferences';

/** A column as the "Columnas" chooser lists it. */
export type TColumnOption = { key: string; label: string; essential: boolean; shownByDefault: boolean };

/** The columns of the list's table and the user's choice among them (kept in their preferences). */
export type TListColumns = {
  /** The list's key in the user's preferences ("bookings"); none: no chooser. */
  key?: string;
  options: readonly TColumnOption[];
  setOptions: (options: readonly TColumnOption[]) => void;
  /** The optional columns the user chose; null: never chose, the defaults apply. */
  chosen: readonly string[] | null;
  setChosen: (keys: string[] | null) => void;
};

type TListContext = { list: TListControls; isPhone: boolean; columns: TListColumns };

const ListContext = createContext<TListContext | null>(null);

/**
 * The list a screen's filters, rows and footer belong to (ListScreen provides it), so each piece
 * reads and writes the same URL state without passing it around; with `columnsKey`, the table's
 * optional columns are the user's own choice ("Columnas" in the toolbar).
 */
export function ListProvider({
  list,
  columnsKey,
  children,
}: {
  list: TListControls;
  columnsKey?: string;
  children: ReactNode;
}) {
  const isPhone = useIsPhone();
  const [options, setOptions] = useState<readonly TColumnOption[]>([]);
  const choice = useColumnChoice(columnsKey);
  const columns: TListColumns = {
    key: columnsKey,
    options,
    setOptions,
    chosen: choice.chosen,
    setChosen: choice.setChosen,
  };
  return <ListContext.Provider value={{ list, isPhone, columns }}>{children}</ListContext.Provider>;
}

export function useListContext(): TListContext {
  const context = useContext(ListContext);
  if (!context) throw new Error('A list piece outside <ListScreen> / <ListProvider>.');
  return context;
}

/** Whether an optional column is shown: the user's choice, else its default. */
export function isColumnShown(
  option: Pick<TColumnOption, 'key' | 'essential' | 'shownByDefault'>,
  chosen: readonly string[] | null,
) {
  if (option.essential) return true;
  return chosen ? chosen.includes(option.key) : option.shownByDefault;
}
