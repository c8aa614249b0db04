/** Spanish texts of the public pages: landing (the source every other language translates). */
export const landing = {};
