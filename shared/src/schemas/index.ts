// Schemas only (no React): the API imports this entry to declare its routes with the same schemas.
export * from './account';
export * from './api-error';
export * from './fields';
export * from './guide';
export * from './health';
export * from './magic-link';
export * from './project';
export * from './project-update';
export * from './user';
