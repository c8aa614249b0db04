/** Spanish texts of the public pages: existing (the source every other language translates). */
export const existing = {};
