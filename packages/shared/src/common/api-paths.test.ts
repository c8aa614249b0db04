import { describe, expect, it } from 'vitest';
import { API_PREFIX, apiPath } from './api-paths';

describe('apiPath', () => {
  it('fills the parameters, encoded, relative to the API prefix', () => {
    expect(API_PREFIX).toBe('/api/v1');
    expect(apiPath('bookings')).toBe('/bookings');
    expect(apiPath('bookingCancel', { id: 'b 1/x' })).toBe('/bookings/b%201%2Fx/cancel');
    expect(apiPath('productImage', { id: 'p1', imageId: 'i2' })).toBe('/products/p1/images/i2');
  });

  it('refuses a path with a parameter left out', () => {
    // @ts-expect-error the type asks for { id }
    expect(() => apiPath('booking')).toThrow('Missing API path parameter "id" for booking');
  });
});
