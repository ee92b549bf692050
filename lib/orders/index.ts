export * from './amounts';
export * from './build';
export * from './issues';
export * from './rules';
export * from './salt';
export * from './typed-data';
export * from './units';
