import type { z } from 'zod';
import type {
  FeedAudience,
  FeedEmptyReason,
  FeedResponseInput,
  KnownFeedEntry,
} from '../../lib/core/api/feed';
import type { SandboxCore } from '../core/core';
import type { CoreEvents, FillEvent, FillParty } from '../core/events';
import type { CloseInfo } from '../core/ledger';
import { CursorCodec, type CursorPayload } from './cursor';
import type { StoredEntry } from './entries';
import { seededHistory } from './history';
import { feedProfile } from './profiles';
import { resolutionEntries } from './resolutions';
import { FeedSocial } from './social';
import { FeedStore } from './store';
import { subjectView } from './subjects';
import { closeFigures, tradeEntries } from './trades';

export interface FeedOptions {
  /**
   * How long close data takes to land after a buy (ms, default 20 000): a sale out of a
   * position bought within this time shows null close figures, back-filled this long
   * after the sale.
   */
  closeDataLagMs?: number;
  /** Activity below this many raw collateral units is left out (default 1 USDC). */
  minNotionalRaw?: bigint;
}

export const DAY_MS = 86_400_000;
export const DEFAULT_CLOSE_DATA_LAG_MS = 20_000;
export const DEFAULT_MIN_NOTIONAL_RAW = 1_000_000n;

type EntryInput = z.input<typeof KnownFeedEntry>;

export interface PageRequest {
  audience: FeedAudience;
  limit: number;
  cursor: CursorPayload | null;
  /** The authenticated caller (required for `following`). */
  viewerId: number | null;
}

/**
 * The trading feed: entries from the core's fills and resolutions, the seeded history,
 * who follows whom, and the paging of the three audiences.
 */
export class FeedService {
  readonly store = new FeedStore();
  readonly social: FeedSocial;
  readonly cursors = new CursorCodec();
  private readonly lagMs: number;
  private readonly minNotionalRaw: bigint;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Contracts already sold in the trade being reported, per profile and outcome. */
  private soldInTrade = { tradeEventId: '', sold: new Map<string, bigint>() };
  private readonly listeners: { [K in keyof CoreEvents]?: (...args: CoreEvents[K]) => void } = {};

  constructor(
    private readonly core: SandboxCore,
    options: FeedOptions = {},
  ) {
    this.lagMs = options.closeDataLagMs ?? DEFAULT_CLOSE_DATA_LAG_MS;
    this.minNotionalRaw = options.minNotionalRaw ?? DEFAULT_MIN_NOTIONAL_RAW;
    this.social = new FeedSocial(core);
    this.seed();
    this.listen();
  }

  private listen(): void {
    const { events } = this.core;
    this.listeners.fill = (fill) => this.onFill(fill);
    this.listeners.marketResolved = ({ marketSlug, resolvedAt }) => {
      for (const entry of resolutionEntries(
        this.core,
        marketSlug,
        Date.parse(resolvedAt),
        this.minNotionalRaw,
      )) {
        this.store.add(entry);
      }
    };
    this.listeners.orderEvent = ({ event }) => {
      // A trade whose settlement failed never happened: its entries go.
      if (event.source === 'SETTLEMENT' && event.type === 'FAILED') {
        this.store.remove((e) => e.tradeEventId === event.tradeEventId);
      }
    };
    this.listeners.reset = () => {
      this.clearTimers();
      this.social.reset();
      this.seed();
    };
    events.on('fill', this.listeners.fill);
    events.on('marketResolved', this.listeners.marketResolved);
    events.on('orderEvent', this.listeners.orderEvent);
    events.on('reset', this.listeners.reset);
  }

  /** Stops listening and cancels pending back-fills. */
  close(): void {
    const { events } = this.core;
    if (this.listeners.fill) events.off('fill', this.listeners.fill);
    if (this.listeners.marketResolved) events.off('marketResolved', this.listeners.marketResolved);
    if (this.listeners.orderEvent) events.off('orderEvent', this.listeners.orderEvent);
    if (this.listeners.reset) events.off('reset', this.listeners.reset);
    this.clearTimers();
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Empties the feed and lays down the seeded history again. */
  private seed(): void {
    this.store.clear();
    this.soldInTrade = { tradeEventId: '', sold: new Map() };
    for (const entry of seededHistory(this.core, this.core.clock.now(), this.minNotionalRaw)) {
      this.store.add(entry);
    }
  }

  private onFill(fill: FillEvent): void {
    // Fills of one trade arrive together: later ones sell out of what is left.
    if (this.soldInTrade.tradeEventId !== fill.tradeEventId) {
      this.soldInTrade = { tradeEventId: fill.tradeEventId, sold: new Map() };
    }
    const key = (p: FillParty) => `${p.profileId}:${p.outcome}`;
    const sold = this.soldInTrade.sold;
    const made = tradeEntries(
      this.core,
      fill,
      { minNotionalRaw: this.minNotionalRaw, closeDataLagMs: this.lagMs },
      (party) => sold.get(key(party)) ?? 0n,
    );
    for (const party of [fill.taker, fill.maker]) {
      if (party.side === 'SELL')
        sold.set(key(party), (sold.get(key(party)) ?? 0n) + party.contracts);
    }
    this.store.pruneBefore(this.core.clock.now() - DAY_MS);
    for (const { entry, backfill } of made) {
      this.store.add(entry);
      if (backfill) this.scheduleBackfill(entry.id, backfill);
    }
  }

  private scheduleBackfill(entryId: string, close: CloseInfo): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const entry = this.store.get(entryId);
      if (entry?.entryType === 'SOLD') entry.facts = { ...entry.facts, ...closeFigures(close) };
    }, this.lagMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** One entry as the API shows it; undefined if its subject no longer exists. */
  private view(entry: StoredEntry): EntryInput | undefined {
    const base = { id: entry.id };
    const occurredAt = new Date(entry.at).toISOString();
    const profile = feedProfile(this.core, entry.profileId);
    switch (entry.entryType) {
      case 'BOUGHT':
      case 'SOLD':
      case 'RESOLVED': {
        const subject = subjectView(this.core, entry.subject);
        if (!subject) return undefined;
        if (entry.entryType === 'BOUGHT') {
          return {
            ...base,
            entryType: 'BOUGHT',
            occurredAt,
            facts: entry.facts,
            profile,
            subject,
            parlay: null,
          };
        }
        if (entry.entryType === 'SOLD') {
          return {
            ...base,
            entryType: 'SOLD',
            occurredAt,
            facts: entry.facts,
            profile,
            subject,
            parlay: null,
          };
        }
        return {
          ...base,
          entryType: 'RESOLVED',
          occurredAt,
          facts: entry.facts,
          profile,
          subject,
          parlay: null,
        };
      }
      case 'PARLAY_PLACED':
        return {
          ...base,
          entryType: 'PARLAY_PLACED',
          occurredAt,
          facts: entry.facts,
          profile,
          subject: null,
          parlay: entry.parlay,
        };
      case 'PARLAY_RESOLVED':
        return {
          ...base,
          entryType: 'PARLAY_RESOLVED',
          occurredAt,
          facts: entry.facts,
          profile,
          subject: null,
          parlay: entry.parlay,
        };
    }
  }

  private audienceFilter(
    audience: FeedAudience,
    viewerId: number | null,
  ): (entry: StoredEntry) => boolean {
    if (audience === 'featured') {
      const featured = this.social.featured;
      return (e) => featured.has(e.profileId);
    }
    if (audience === 'following') {
      const follows = viewerId === null ? new Set<number>() : this.social.followsOf(viewerId);
      return (e) => follows.has(e.profileId);
    }
    return () => true;
  }

  /** One page of an audience (the cursor has been checked against the audience already). */
  page(request: PageRequest): FeedResponseInput {
    const { audience, limit, cursor, viewerId } = request;
    const since = this.core.clock.now() - DAY_MS;
    let effective: FeedAudience = cursor?.effective ?? audience;
    const read = (stream: FeedAudience) =>
      this.store.page({
        include: this.audienceFilter(stream, viewerId),
        since,
        after: cursor ? { at: cursor.at, id: cursor.id } : null,
        limit,
      });
    let result = read(effective);
    if (!cursor && audience === 'featured' && result.items.length === 0) {
      effective = 'all';
      result = read('all');
    }
    const last = result.items[result.items.length - 1];
    const nextCursor =
      result.hasMore && last
        ? this.cursors.encode({ v: 1, requested: audience, effective, at: last.at, id: last.id })
        : null;
    let emptyReason: FeedEmptyReason | null = null;
    if (audience === 'following' && result.items.length === 0) {
      const follows = viewerId === null ? 0 : this.social.followsOf(viewerId).size;
      emptyReason = follows === 0 ? 'NO_FOLLOWS' : 'NO_RECENT_ACTIVITY';
    }
    return {
      requestedAudience: audience,
      effectiveAudience: effective,
      events: result.items.map((e) => this.view(e)).filter((e) => e !== undefined),
      hasMore: nextCursor !== null,
      nextCursor,
      emptyReason,
    };
  }
}
