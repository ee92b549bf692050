import { SEED_MAKER_LABELS } from '../core/accounts';
import type { SandboxCore } from '../core/core';
import { Rng } from '../core/rng';
import { ammPool } from './amm';
import { type Actor, BotLoop } from './loop';
import { marketMaker } from './makers';
import { taker } from './takers';
import { BotTrader } from './trader';
import { MidpointWalk } from './walk';

export interface BotOptions {
  seed: number;
  /**
   * Real time per unit of the bots' schedule (default 1: a maker requotes a market every
   * 6–12 s, a taker trades every 3–7 s). Tests run faster with a smaller pace.
   */
  pace?: number;
}

export interface RunningBots {
  /** Stops the bots; the promise settles once the turn in progress has ended. */
  stop(): Promise<void>;
}

const TAKER_LABELS = ['bot-taker-1', 'bot-taker-2', 'bot-taker-3'] as const;

/**
 * Trading bots: per tradable CLOB market two makers quoting both outcomes around a
 * drifting midpoint, three takers trading FAK/FOK both ways now and then, and the AMM
 * market's pool price drifting. Every order
 * is signed with the bot's key and placed through `core.placeOrder`. Deterministic for a
 * seed (the same orders in the same order); one to two orders a second in all.
 */
export function startBots(core: SandboxCore, options: BotOptions): RunningBots {
  const root = new Rng(options.seed).fork('bots');
  const now = core.clock.now();
  const markets = core.markets
    .list()
    .filter((m) => core.markets.isTradable(m, now))
    .map((m) => m.slug);
  const walks = new Map<string, MidpointWalk>();
  for (const slug of markets) {
    const market = core.markets.bySlug(slug);
    if (market)
      walks.set(
        slug,
        new MidpointWalk(market.lastMidMillis ?? market.startMidMillis, market.startMidMillis),
      );
  }
  const [m1, m2] = SEED_MAKER_LABELS.map(
    (label) => new BotTrader(core, core.accounts.byLabel(label), root.fork(`salt:${label}`)),
  );
  const actors: Actor[] = [];
  if (m1 && m2) {
    for (const slug of markets) {
      const walk = walks.get(slug);
      if (!walk) continue;
      actors.push(
        marketMaker(
          core,
          slug,
          [m1, m2],
          walk,
          root.fork(`maker:${slug}`),
          root.fork(`maker-timing:${slug}`),
        ),
      );
    }
  }
  for (const label of TAKER_LABELS) {
    const trader = new BotTrader(core, core.accounts.byLabel(label), root.fork(`salt:${label}`));
    actors.push(
      taker(
        core,
        trader,
        markets,
        walks,
        root.fork(`taker:${label}`),
        root.fork(`taker-timing:${label}`),
      ),
    );
  }
  for (const market of core.markets.list()) {
    if (market.tradeType !== 'amm') continue;
    const pool = ammPool(
      core,
      market.slug,
      root.fork(`amm:${market.slug}`),
      root.fork(`amm-timing:${market.slug}`),
    );
    if (pool) actors.push(pool);
  }
  const loop = new BotLoop(actors, options.pace ?? 1);
  loop.start();
  return { stop: () => loop.stop() };
}
