// Response schemas (zod/mini) and the types inferred from them.
export * from './user';
export * from './repo';
export * from './issue';
export * from './pull';
export * from './review';
export * from './actions';
export * from './actionsSettings';
export * from './artifacts';
export * from './misc';
export { validate } from './common';
export * from './notification';
export * from './timeTracking';
export * from './protection';
