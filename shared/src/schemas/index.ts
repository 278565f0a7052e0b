// Schemas only (no React): the API imports this entry to validate requests with the same rules.
export * from './api-error';
export * from './fields';
export * from './health';
export * from './project';
export * from './user';
