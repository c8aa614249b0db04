export * from './auth-throttle';
export * from './tour-operators';
export * from './users';
