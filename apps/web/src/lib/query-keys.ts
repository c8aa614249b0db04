/** Query keys shared across features (the session's own user). */
export const ME_QUERY_KEY = ['auth', 'me'] as const;
