/** The query keys of "Comisiones": mutations invalidate by `all`. */
export const commissionsKeys = {
  all: ['commissions'] as const,
  due: (params: object) => [...commissionsKeys.all, 'due', params] as const,
  dueLines: (params: object) => [...commissionsKeys.all, 'due-lines', params] as const,
  statements: (params: object) => [...commissionsKeys.all, 'statements', params] as const,
  statement: (id: string) => [...commissionsKeys.all, 'statement', id] as const,
};
