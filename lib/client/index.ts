export * from './base64';
export * from './clock';
export * from './errors';
export * from './exchange-client';
export * from './hmac';
export * from './http';
export * from './retry';
