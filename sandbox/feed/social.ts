import type { SandboxCore } from '../core/core';
import { ACTIVE_PERSONA_IDS, QUIET_PERSONA_ID } from './profiles';

/**
 * Seeded follow lists: alice follows bob, two taker bots and two personas; bob follows
 * nobody (NO_FOLLOWS); dana follows only quiet profiles (NO_RECENT_ACTIVITY); carol
 * follows alice and bob; the partner follows two personas and a taker bot.
 */
function seededFollows(core: SandboxCore): Map<number, Set<number>> {
  const id = (label: string) => core.accounts.byLabel(label).profileId;
  const [maya, theo, anon] = ACTIVE_PERSONA_IDS;
  const lists: [number, number[]][] = [
    [id('alice'), [id('bob'), id('bot-taker-1'), id('bot-taker-2'), maya ?? 0, theo ?? 0]],
    [id('readonly'), [id('alice'), id('bob')]],
    [id('dana'), [id('readonly'), QUIET_PERSONA_ID]],
    [id('partner'), [maya ?? 0, anon ?? 0, id('bot-taker-3')]],
  ];
  return new Map(lists.map(([who, follows]) => [who, new Set(follows.filter((f) => f > 0))]));
}

/** The featured set: three personas and one taker bot. */
function seededFeatured(core: SandboxCore): Set<number> {
  const [maya, , anon, priya] = ACTIVE_PERSONA_IDS;
  return new Set(
    [maya, anon, priya, core.accounts.byLabel('bot-taker-1').profileId].filter(
      (id): id is number => id !== undefined,
    ),
  );
}

/** Who follows whom, and who is featured; set by `/__sandbox/follows` and `/__sandbox/featured`. */
export class FeedSocial {
  private follows = new Map<number, Set<number>>();
  private featuredIds = new Set<number>();

  constructor(private readonly core: SandboxCore) {
    this.reset();
  }

  reset(): void {
    this.follows = seededFollows(this.core);
    this.featuredIds = seededFeatured(this.core);
  }

  followsOf(profileId: number): ReadonlySet<number> {
    return this.follows.get(profileId) ?? new Set();
  }

  setFollows(profileId: number, follows: readonly number[]): void {
    this.follows.set(profileId, new Set(follows.filter((id) => id !== profileId)));
  }

  allFollows(): { profileId: number; follows: number[] }[] {
    return [...this.follows]
      .filter(([, set]) => set.size > 0)
      .map(([profileId, set]) => ({ profileId, follows: [...set].sort((a, b) => a - b) }));
  }

  get featured(): ReadonlySet<number> {
    return this.featuredIds;
  }

  setFeatured(profileIds: readonly number[]): void {
    this.featuredIds = new Set(profileIds);
  }
}
