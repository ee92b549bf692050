export * from './auto-lock';
export * from './envelope';
export * from './passphrase';
export * from './secrets';
export * from './vault';
