import type { SandboxCore } from '../core/core';
import type { Rng } from '../core/rng';
import type { Actor } from './loop';
import { MidpointWalk } from './walk';

/**
 * Outside trading on an AMM market's pool, which the sandbox does not run: now and then
 * its price drifts as a seeded walk, so `newPriceData` subscribers see it move.
 */
export function ammPool(core: SandboxCore, slug: string, rng: Rng, timing: Rng): Actor | null {
  const start = core.amm.priceMillis(slug);
  if (start === undefined) return null;
  const walk = new MidpointWalk(start, start);
  return {
    name: `amm:${slug}`,
    interval: () => timing.int(8_000, 15_000),
    async act() {
      const now = core.amm.priceMillis(slug);
      // Resolved since: the pool is closed.
      if (now === undefined) return;
      // Walk on from where the price is (an admin may have set it).
      walk.mid = now;
      core.amm.set(slug, walk.step(rng));
    },
  };
}
