export * from './accommodations';
export * from './auth-throttle';
export * from './bookings';
export * from './persons';
export * from './products';
export * from './tour-operators';
export * from './users';
export * from './vehicles';
