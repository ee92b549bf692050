export * from './feed-cards';
export * from './feed-pager';
export * from './header';
export * from './intents';
export * from './links';
export * from './orders';
export * from './pnl-chart';
export * from './positions';
