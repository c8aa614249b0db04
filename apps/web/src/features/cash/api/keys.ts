/** The query keys of "Caja": a handover invalidates `all` (holders, their payments and the history). */
export const cashKeys = {
  all: ['cash'] as const,
  holders: () => [...cashKeys.all, 'holders'] as const,
  holder: (id: string) => [...cashKeys.all, 'holder', id] as const,
  handovers: (params: object) => [...cashKeys.all, 'handovers', params] as const,
  handover: (id: string) => [...cashKeys.all, 'handover', id] as const,
};
