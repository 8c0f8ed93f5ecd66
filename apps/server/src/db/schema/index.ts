export * from './users';
export * from './arcade';
export * from './content';
export * from './identity';
export * from './push';
export * from './admin';
export * from './user-cards';
export * from './notifications';
