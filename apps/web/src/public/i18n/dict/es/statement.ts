/** Spanish texts of the public pages: statement (the source every other language translates). */
export const statement = {};
