import type { MarketVenue } from '../../../lib/protocol/messages';

export type ApprovalToken = 'collateral' | 'conditional';
export type Spender = 'exchange' | 'adapter';

/** One line of the spec's approvals table, for one venue. */
export interface ApprovalRow {
  side: 'BUY' | 'SELL';
  marketKind: 'every CLOB market' | 'simple CLOB' | 'NegRisk / grouped';
  token: ApprovalToken;
  spenders: { role: Spender; address: string | null }[];
  /** Titles of the markets this line is about (empty for the generic table). */
  markets: string[];
}

export interface VenueApprovals {
  /** Null for the generic table, when no market could be read. */
  venue: { exchange: string; adapter: string } | null;
  /** Titles of the listed markets that trade on this venue. */
  markets: string[];
  rows: ApprovalRow[];
}

const spender = (role: Spender, venue: VenueApprovals['venue']) => ({
  role,
  address: venue ? venue[role] : null,
});

function rowsFor(
  venue: VenueApprovals['venue'],
  simple: string[],
  grouped: string[],
  generic: boolean,
): ApprovalRow[] {
  const rows: ApprovalRow[] = [
    {
      side: 'BUY',
      marketKind: 'every CLOB market',
      token: 'collateral',
      spenders: [spender('exchange', venue)],
      markets: [...simple, ...grouped],
    },
  ];
  if (generic || simple.length > 0) {
    rows.push({
      side: 'SELL',
      marketKind: 'simple CLOB',
      token: 'conditional',
      spenders: [spender('exchange', venue)],
      markets: simple,
    });
  }
  if (generic || grouped.length > 0) {
    rows.push({
      side: 'SELL',
      marketKind: 'NegRisk / grouped',
      token: 'conditional',
      spenders: [spender('exchange', venue), spender('adapter', venue)],
      markets: grouped,
    });
  }
  return rows;
}

/** The spec's table without addresses: what applies on any deployment. */
export function genericApprovals(): VenueApprovals[] {
  return [{ venue: null, markets: [], rows: rowsFor(null, [], [], true) }];
}

/**
 * The spec's approvals table for the markets the exchange lists, one block per venue:
 * BUY anywhere needs collateral approved to `venue.exchange`; SELL needs the conditional
 * token approved to `venue.exchange`, and also to `venue.adapter` on NegRisk or grouped
 * markets. Only the lines that apply to the listed markets are kept.
 */
export function approvalsFor(markets: readonly MarketVenue[]): VenueApprovals[] {
  if (markets.length === 0) return genericApprovals();
  const byVenue = new Map<
    string,
    { venue: MarketVenue['venue']; simple: string[]; grouped: string[] }
  >();
  for (const market of markets) {
    const key = `${market.venue.exchange.toLowerCase()}|${market.venue.adapter.toLowerCase()}`;
    let entry = byVenue.get(key);
    if (!entry) {
      entry = { venue: market.venue, simple: [], grouped: [] };
      byVenue.set(key, entry);
    }
    (market.negRisk || market.grouped ? entry.grouped : entry.simple).push(market.title);
  }
  return [...byVenue.values()].map(({ venue, simple, grouped }) => ({
    venue,
    markets: [...simple, ...grouped],
    rows: rowsFor(venue, simple, grouped, false),
  }));
}

/** Who must hold the approvals: the wallet that is the orders' maker. */
export function approvingWallet(view: {
  signingKind: 'eoa' | 'delegated' | null;
  account: string | null;
  subAccounts: { id: number; account: string; displayName: string | null }[];
  activeSubAccountId: number | null;
}): { address: string | null; explanation: string } {
  if (view.signingKind === 'delegated') {
    const sub = view.subAccounts.find((s) => s.id === view.activeSubAccountId);
    return {
      address: sub?.account ?? null,
      explanation:
        'Orders for a sub-account are made by its server wallet, which the exchange manages: the approvals belong to that wallet, set up through the exchange, not from this extension.',
    };
  }
  return {
    address: view.account,
    explanation:
      'Your own key signs as this account: approve the tokens from this wallet (in your wallet app or on the exchange) before the first order of each kind.',
  };
}
