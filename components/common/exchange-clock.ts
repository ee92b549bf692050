import { createContext } from 'preact';

/**
 * The exchange's clock minus this machine's, in ms, as the background learned it from the
 * exchange's answers. Times the exchange sets (`eligibleAt`, `resumeAt`) are counted down
 * on the exchange's clock, not on a local clock that may be off by minutes.
 */
export const ExchangeClockContext = createContext(0);
