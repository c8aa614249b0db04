import { describe, expect, it } from 'vitest';
import { bookingAccess } from './booking-access';

describe('booking permissions by role (PRODUCT §3, with the spec’s hasPermission)', () => {
  it('0, 1 and 3: everything', () => {
    for (const level of [0, 1, 3]) {
      expect(bookingAccess([level])).toMatchObject({
        isStaff: true,
        isSeller: false,
        canWrite: true,
        canChooseSeller: true,
        canDiscount: true,
        canOverrideCutoff: true,
        canOperate: true,
        canRefund: true,
        canFilterSeller: true,
        readOnly: false,
      });
    }
    expect(bookingAccess([0]).isAdmin).toBe(true);
    expect(bookingAccess([1]).isAdmin).toBe(false);
  });

  it('2 Vendedor: creates and edits own bookings, no seller/discount override', () => {
    expect(bookingAccess([2])).toMatchObject({
      isStaff: false,
      isSeller: true,
      canWrite: true,
      canChooseSeller: false,
      canDiscount: false,
      canOverrideCutoff: false,
      canOperate: false,
      canRefund: false,
      canFilterSeller: false,
      canReadProducts: true,
      readOnly: false,
    });
  });

  it('4 Chofer and 5 Guía: read-only lists', () => {
    for (const level of [4, 5]) {
      expect(bookingAccess([level])).toMatchObject({ canWrite: false, readOnly: true, canReadProducts: false });
    }
    expect(bookingAccess([]).readOnly).toBe(true);
  });
});
