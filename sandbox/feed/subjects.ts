import type { z } from 'zod';
import { type GroupSubject, type MarketSubject, NO_MARKET_KEYS } from '../../lib/core/api/feed';
import type { SandboxCore } from '../core/core';
import {
  imagePath,
  type MarketGroup,
  marketPrices,
  payoutNumerators,
  type SandboxMarket,
} from '../core/markets';
import type { SubjectRef } from './entries';

type MarketSubjectInput = z.input<typeof MarketSubject>;
type GroupSubjectInput = z.input<typeof GroupSubject>;

/** The spec's rule: funded, unresolved and before its deadline. */
const marketTradable = (market: SandboxMarket, now: number): boolean =>
  market.status === 'FUNDED' && market.resolvedAt === null && Date.parse(market.deadline) > now;

export function groupChildren(core: SandboxCore, groupSlug: string): SandboxMarket[] {
  return core.markets.list().filter((m) => m.group?.slug === groupSlug);
}

export function marketSubject(core: SandboxCore, market: SandboxMarket): MarketSubjectInput {
  const group = market.group;
  return {
    kind: 'MARKET',
    id: market.id,
    slug: market.slug,
    title: market.title,
    status: market.status,
    imageUrl: `${core.baseUrl}${imagePath(market.slug)}`,
    groupSlug: group?.slug ?? null,
    groupTitle: group?.title ?? null,
    groupImageUrl: group ? `${core.baseUrl}${group.imageUrl}` : null,
    tradable: marketTradable(market, core.clock.now()),
    createdAt: market.createdAt,
    startAt: market.startAt,
    deadline: market.deadline,
    resolvedAt: market.resolvedAt,
    winningOutcomeIndex: market.winningOutcomeIndex,
    payoutNumerators: payoutNumerators(market),
    // Resolution outcome, stored midpoint, or null (AMM, no observation): never invented.
    prices: marketPrices(market),
  };
}

/** A GROUP subject: no lifecycle and no price of its own (every such key null). */
export function groupSubject(core: SandboxCore, group: MarketGroup): GroupSubjectInput {
  const children = groupChildren(core, group.slug);
  const now = core.clock.now();
  return {
    kind: 'GROUP',
    id: group.id,
    slug: group.slug,
    title: group.title,
    status: children.every((m) => m.status === 'RESOLVED') ? 'RESOLVED' : 'FUNDED',
    imageUrl: `${core.baseUrl}${group.imageUrl}`,
    tradable: children.some((m) => marketTradable(m, now)),
    ...NO_MARKET_KEYS,
  };
}

/** The live subject object for a reference; undefined when it no longer exists. */
export function subjectView(
  core: SandboxCore,
  ref: SubjectRef,
): MarketSubjectInput | GroupSubjectInput | undefined {
  if (ref.kind === 'MARKET') {
    const market = core.markets.bySlug(ref.slug);
    return market ? marketSubject(core, market) : undefined;
  }
  const group = core.markets.groups().find((g) => g.slug === ref.slug);
  return group ? groupSubject(core, group) : undefined;
}
