/** Spanish texts of the public pages: voucher (the source every other language translates). */
export const voucher = {};
