export * from './tour-operators';
export * from './users';
export * from './auth-throttle';
