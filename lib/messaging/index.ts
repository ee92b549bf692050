export * from './client';
export * from './protocol';
export * from './router';
export * from './sender';
