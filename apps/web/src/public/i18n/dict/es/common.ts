/** Spanish texts of the public pages: common (the source every other language translates). */
export const common = {};
