import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentState, statePatch } from '../../../../lib/background/ui/state-diff';
import { type PortLike, UiHub } from '../../../../lib/background/ui/ui-hub';
import { Positions } from '../../../../lib/core/api/portfolio';
import type { MarketMarkView } from '../../../../lib/protocol/position-marks';
import { applyStatePatch } from '../../../../lib/protocol/state-patch';
import { type AppSnapshot, StatePortMessage } from '../../../../lib/protocol/views';
import { clobEntry, positionsInput } from '../../../components/popup/fixtures';
import { appSnapshot } from '../../protocol/fixtures';

const BASE_POSITIONS = Positions.parse(positionsInput());
const SLUGS = ['m-0', 'm-1', 'm-2', 'm-3'];

const mark = (bid: number): MarketMarkView => ({
  yes: { bestBidMillis: String(bid), unmarkedRaw: '0', feeBps: 0 },
  no: null,
});

/** One thing a service may do to the state between two frames. */
type Step =
  | { kind: 'value'; at: number; value: number }
  | { kind: 'add' }
  | { kind: 'drop' }
  | { kind: 'no-positions' }
  | { kind: 'points'; value: number }
  | { kind: 'mark'; slug: number; bid: number | null }
  | { kind: 'no-marks' }
  | { kind: 'clock'; offset: number }
  | { kind: 'theme'; theme: 'light' | 'dark' }
  | { kind: 'fetched'; at: number }
  | { kind: 'connect' }
  | { kind: 'flush' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('value'), at: fc.nat(8), value: fc.nat(1_000_000) }),
  fc.constant({ kind: 'add' } as const),
  fc.constant({ kind: 'drop' } as const),
  fc.constant({ kind: 'no-positions' } as const),
  fc.record({ kind: fc.constant('points'), value: fc.nat(100) }),
  fc.record({
    kind: fc.constant('mark'),
    slug: fc.nat(SLUGS.length - 1),
    bid: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 999 })),
  }),
  fc.constant({ kind: 'no-marks' } as const),
  fc.record({ kind: fc.constant('clock'), offset: fc.integer({ min: -5000, max: 5000 }) }),
  fc.record({ kind: fc.constant('theme'), theme: fc.constantFrom('light', 'dark') }),
  fc.record({ kind: fc.constant('fetched'), at: fc.nat() }),
  fc.constant({ kind: 'connect' } as const),
  fc.constant({ kind: 'flush' } as const),
);

/** The background's state, changed by `apply` as its services would (new objects each time). */
function world() {
  let state = appSnapshot({
    portfolio: { positions: BASE_POSITIONS, fetchedAt: 1, error: null, marks: {} },
  });
  const positions = () => state.portfolio.positions ?? BASE_POSITIONS;
  const withPortfolio = (portfolio: Partial<AppSnapshot['portfolio']>) => {
    state = { ...state, portfolio: { ...state.portfolio, ...portfolio } };
  };
  return {
    now: () => state,
    apply(s: Step) {
      const p = positions();
      switch (s.kind) {
        case 'value': {
          const at = s.at % p.clob.length;
          const clob = p.clob.map((entry, i) =>
            i === at
              ? {
                  ...entry,
                  positions: {
                    ...entry.positions,
                    yes: { ...entry.positions.yes, marketValue: String(s.value) },
                  },
                }
              : entry,
          );
          return withPortfolio({ positions: { ...p, clob } });
        }
        case 'add':
          return withPortfolio({
            positions: { ...p, clob: [...p.clob, clobEntry(`m-${p.clob.length}`, 'Added')] },
          });
        case 'drop':
          return withPortfolio({ positions: { ...p, clob: p.clob.slice(0, -1) } });
        case 'no-positions':
          return withPortfolio({ positions: state.portfolio.positions ? null : BASE_POSITIONS });
        case 'points':
          return withPortfolio({ positions: { ...p, points: s.value } });
        case 'mark': {
          const marks = { ...state.portfolio.marks };
          const slug = SLUGS[s.slug] ?? 'm-0';
          if (s.bid === null) delete marks[slug];
          else marks[slug] = mark(s.bid);
          return withPortfolio({ marks });
        }
        case 'no-marks': {
          const { marks, ...rest } = state.portfolio;
          state = { ...state, portfolio: marks === undefined ? { ...rest, marks: {} } : rest };
          return;
        }
        case 'clock':
          state = { ...state, clockOffsetMs: s.offset };
          return;
        case 'theme':
          state = { ...state, settings: { ...state.settings, theme: s.theme } };
          return;
        case 'fetched':
          return withPortfolio({ fetchedAt: s.at });
        default:
      }
    },
  };
}

/** A UI on the state port: what it holds, folded from the messages as they arrive (as JSON). */
function page() {
  let held: AppSnapshot | null = null;
  const port: PortLike = {
    postMessage(raw) {
      const message = StatePortMessage.parse(JSON.parse(JSON.stringify(raw)));
      if (message.topic === 'snapshot') held = message.data;
      else if (!held) throw new Error('a patch before the snapshot');
      else held = applyStatePatch(held, message.data);
    },
    onDisconnect: { addListener: () => undefined },
  };
  return { port, held: () => held };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the state port’s patches', () => {
  it('every page, whenever it connected, holds exactly the background’s state after each frame', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const w = world();
        const hub = new UiHub({
          snapshot: w.now,
          panelNow: () => {
            throw new Error('no panels here');
          },
          panelFresh: () => Promise.reject(new Error('no panels here')),
          badges: () => ({ entries: [] }),
          onWatchersChanged: () => undefined,
        });
        const pages = [page()];
        hub.connectState(pages[0]?.port as PortLike);
        for (const s of steps) {
          if (s.kind === 'connect') {
            const next = page();
            pages.push(next);
            hub.connectState(next.port);
          } else if (s.kind === 'flush') {
            await vi.advanceTimersByTimeAsync(16);
          } else {
            w.apply(s);
            hub.changed({ kind: 'portfolio' });
          }
        }
        await vi.advanceTimersByTimeAsync(16);
        // As the pages read it: through JSON and the protocol's schema.
        const truth = StatePortMessage.parse({
          topic: 'snapshot',
          data: JSON.parse(JSON.stringify(w.now())),
        }).data;
        for (const p of pages) expect(p.held()).toEqual(truth);
      }),
      { numRuns: 200 },
    );
  });

  it('a book update sends the one entry and the one mark it moved, not the portfolio', () => {
    const w = world();
    w.apply({ kind: 'mark', slug: 0, bid: 400 });
    const before = w.now();
    w.apply({ kind: 'value', at: 1, value: 4_200_000 });
    w.apply({ kind: 'mark', slug: 0, bid: 410 });
    const patch = statePatch(sentState(before), sentState(w.now()), w.now());
    expect(patch).toEqual({
      portfolio: { clob: { 1: w.now().portfolio.positions?.clob[1] }, marks: { 'm-0': mark(410) } },
    });
  });

  it('nothing changed is no patch; a part changed in place since it was sent still is one', () => {
    const now = appSnapshot({ priceAlerts: [] });
    const sent = sentState(now);
    expect(statePatch(sent, sentState(now), now)).toBeNull();
    // A service that changes a part in place: what was sent is kept as text, so it shows.
    (now.priceAlerts as unknown[]).push({ placeholder: true });
    expect(statePatch(sent, sentState(now), now)).toEqual({ priceAlerts: now.priceAlerts });
  });
});
