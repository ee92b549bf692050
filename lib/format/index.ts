export * from './identity';
export * from './money';
export * from './price';
export * from './raw-price';
export * from './time';
