/** The background-work feature offers other features nothing: its screen is loaded by routes.ts. */
export {};
