/** A list's sort as the URL writes it: "name" ascending, "-created_at" descending. */
export type TSort = { field: string; desc: boolean } | null;

/** "-created_at" → { field: 'created_at', desc: true } */
export function parseSort(raw: string | null | undefined): TSort {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const field = desc ? raw.slice(1) : raw;
  return field ? { field, desc } : null;
}

export function formatSort(sort: TSort): string {
  return sort ? `${sort.desc ? '-' : ''}${sort.field}` : '';
}

/** Click cycles ascending → descending → ascending; another column starts ascending. */
export function nextSort(current: TSort, field: string): TSort {
  if (current?.field === field) return { field, desc: !current.desc };
  return { field, desc: false };
}
