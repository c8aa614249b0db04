/** Query keys shared across features (the session's own user). */
export const ME_QUERY_KEY = ['auth', 'me'] as const;
/** The session user's own screen settings (lib/use-preferences.ts). */
export const PREFERENCES_QUERY_KEY = ['auth', 'me', 'preferences'] as const;
