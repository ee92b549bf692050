import type { ExchangeStatus } from '../../lib/protocol/views';

type Down = Extract<ExchangeStatus, { status: 'down' }>;

/** `12:03:04`, this machine's time of day: when the exchange stopped answering. */
export function clockTime(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** How old something received at `at` is now: `14 s`, `3 min`, `2 h`. */
export function age(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h`;
}

/**
 * The banner's one sentence: "The exchange is not answering since 12:03:04 — trading is
 * paused; prices are 14 s old. It comes back by itself." In two parts: the lead, which a
 * screen reader announces once, and the prices' age, which ticks (null: the surface shows
 * no prices).
 */
export function outageSentence(
  down: Down,
  pricesAt: number | null,
  now: number,
): { lead: string; age: string | null; tail: string } {
  return {
    lead: `The exchange is not answering since ${clockTime(down.since)} — trading is paused`,
    age: pricesAt === null ? null : `; prices are ${age(pricesAt, now)} old`,
    tail: '. It comes back by itself.',
  };
}

/** A price's tooltip while the exchange is down. */
export function staleTitle(pricesAt: number, now: number): string {
  return `Last price received at ${clockTime(pricesAt)}, ${age(pricesAt, now)} old: the exchange is not answering.`;
}

/** What an order still in flight says while the exchange is down, instead of "checking…". */
export const IN_FLIGHT_WHILE_DOWN =
  'The exchange is not answering: this order will be checked as soon as it is back.';
