import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { type TUsableAccommodation, useUsableAccommodations } from '../../accommodations';

export type TAccommodationSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue'> & {
  value: string | null;
  onChange: (id: string | null, place: TUsableAccommodation | null) => void;
  /** The product's operator: its own accommodations and the shared ones (null: all the user reads). */
  operatorId: string | null;
  /** Name of the selected place when it is not among the results (a saved booking, a URL filter). */
  selectedLabel?: string | null;
};

const optionLabel = (a: TUsableAccommodation) => (a.zone ? `${a.name} · ${a.zone}` : a.name);

/**
 * A searchable hotel select that asks the API as people type (GET /accommodations?q=): the
 * operator's own and the shared catalogue. The selected place keeps its name while another
 * search runs.
 */
export function AccommodationSelect({
  value,
  onChange,
  operatorId,
  selectedLabel,
  ...props
}: TAccommodationSelectProps) {
  const [search, setSearch] = useState('');
  const seen = useRef(new Map<string, TUsableAccommodation>());
  const selectedText = value
    ? seen.current.has(value)
      ? optionLabel(seen.current.get(value) as TUsableAccommodation)
      : (selectedLabel ?? '')
    : '';
  // The input shows the selected place's name: that is not a search.
  const [debounced] = useDebouncedValue(search === selectedText ? '' : search, 250);
  const query = useUsableAccommodations(debounced, operatorId);
  const rows = query.data ?? [];
  for (const a of rows) seen.current.set(a.id, a);

  const data = useMemo(() => {
    const options = rows.map((a) => ({ value: a.id, label: optionLabel(a) }));
    if (value && !options.some((o) => o.value === value)) {
      options.unshift({ value, label: selectedText || 'Alojamiento seleccionado' });
    }
    return options;
  }, [rows, value, selectedText]);

  return (
    <Select
      searchable
      clearable
      data={data}
      value={value}
      onChange={(id) => onChange(id, id ? (seen.current.get(id) ?? null) : null)}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? 'Buscando…' : 'Ningún alojamiento coincide'}
      maxDropdownHeight={280}
      {...props}
    />
  );
}
