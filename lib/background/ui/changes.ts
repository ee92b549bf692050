/**
 * What changed in the background, said by the service that changed it. Services publish
 * what happened to their own data; whom that concerns, and when they are told, is the UI
 * hub's alone (`ui-hub.ts`, `audienceOf`).
 */
export type Change =
  /** Locked, unlocked, forgotten, or the account's details saved. */
  | { kind: 'vault' }
  | { kind: 'settings' }
  /** The exchange's trading mode (maintenance) was read. */
  | { kind: 'trading-mode' }
  /** The live connection's state. */
  | { kind: 'connection' }
  /** The heartbeat's verdict: the exchange is answering, or not since when. */
  | { kind: 'exchange-health' }
  /** Every position was read again. */
  | { kind: 'portfolio' }
  /** The live positions of one market. */
  | { kind: 'positions'; marketSlug: string }
  /** An order intent of the desk moved. */
  | { kind: 'intent'; marketSlug: string }
  | { kind: 'open-orders'; marketSlug: string }
  /** A market's book; `held`: a position of the trader's is marked to it (its P&L moves). */
  | { kind: 'book'; marketSlug: string; held: boolean }
  /** A market's record was read again and differs. */
  | { kind: 'market'; marketSlug: string }
  | { kind: 'price-alerts' };

export type Publish = (change: Change) => void;
