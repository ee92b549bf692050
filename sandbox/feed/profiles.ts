import type { z } from 'zod';
import type { FeedProfile } from '../../lib/core/api/feed';
import { SEED_MAKER_LABELS } from '../core/accounts';
import type { SandboxCore } from '../core/core';
import { labelAddress } from '../core/ids';

/**
 * Other users of the exchange, seen only through the feed: they have no token and no
 * ledger, so the seeded history is theirs and never contradicts a demo account's
 * positions. Ids sit apart from the accounts (1xx–3xx, 1000+).
 */
export interface Persona {
  id: number;
  displayName: string | null;
  username: string | null;
  rankName: string | null;
  xHandle: string | null;
  hasAvatar: boolean;
  /** Never active: for follow lists whose profiles are all quiet. */
  quiet: boolean;
}

export const PERSONAS: readonly Persona[] = [
  {
    id: 401,
    displayName: 'Maya Chen',
    username: 'mayac',
    rankName: 'Gold',
    xHandle: 'mayatrades',
    hasAvatar: true,
    quiet: false,
  },
  {
    id: 402,
    displayName: 'Theo Alvarez',
    username: 'theo_a',
    rankName: 'Platinum',
    xHandle: null,
    hasAvatar: true,
    quiet: false,
  },
  // No display name or username: shown as a truncated account.
  {
    id: 403,
    displayName: null,
    username: null,
    rankName: null,
    xHandle: null,
    hasAvatar: false,
    quiet: false,
  },
  {
    id: 404,
    displayName: 'Priya N.',
    username: 'priyan',
    rankName: 'Silver',
    xHandle: 'priya_predicts',
    hasAvatar: true,
    quiet: false,
  },
  {
    id: 405,
    displayName: 'Jonas Berg',
    username: 'jberg',
    rankName: 'Bronze',
    xHandle: null,
    hasAvatar: false,
    quiet: false,
  },
  {
    id: 406,
    displayName: 'Quinn Hale',
    username: 'quinn',
    rankName: 'Bronze',
    xHandle: null,
    hasAvatar: true,
    quiet: true,
  },
];

export const ACTIVE_PERSONA_IDS = PERSONAS.filter((p) => !p.quiet).map((p) => p.id);
export const QUIET_PERSONA_ID = 406;

/** Social accounts connected by demo accounts (everyone else has none: `xHandle` null). */
const X_HANDLES: Record<string, string> = { alice: 'alice_onchain', 'bot-taker-1': 'takerone' };

export const personaById = (id: number): Persona | undefined => PERSONAS.find((p) => p.id === id);

export const personaAccount = (id: number) => labelAddress(`sandbox-persona:${id}`);

/** Market makers provide liquidity; their side of a fill is not trading activity. */
export function isTrader(core: SandboxCore, profileId: number): boolean {
  const profile = core.accounts.byId(profileId);
  if (!profile) return personaById(profileId) !== undefined;
  return !(SEED_MAKER_LABELS as readonly string[]).includes(profile.label);
}

export const knownProfile = (core: SandboxCore, profileId: number): boolean =>
  core.accounts.byId(profileId) !== undefined || personaById(profileId) !== undefined;

export const avatarPath = (profileId: number): string => `/__sandbox/pfp/${profileId}.svg`;

/** The feed's profile object for an account or a persona. */
export function feedProfile(core: SandboxCore, profileId: number): z.input<typeof FeedProfile> {
  const profile = core.accounts.byId(profileId);
  if (profile) {
    return {
      id: profile.profileId,
      account: profile.account,
      displayName: profile.displayName,
      username: profile.username,
      pfpUrl: null,
      rankName: profile.rankName,
      xHandle: X_HANDLES[profile.label] ?? null,
    };
  }
  const persona = personaById(profileId);
  return {
    id: profileId,
    account: personaAccount(profileId),
    displayName: persona?.displayName ?? null,
    username: persona?.username ?? null,
    pfpUrl: persona?.hasAvatar ? `${core.baseUrl}${avatarPath(profileId)}` : null,
    rankName: persona?.rankName ?? null,
    xHandle: persona?.xHandle ?? null,
  };
}
