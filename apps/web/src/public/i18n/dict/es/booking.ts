/** Spanish texts of the public pages: booking (the source every other language translates). */
export const booking = {};
