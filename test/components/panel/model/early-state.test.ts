import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { PortStore } from '../../../../components/common/port-store';
import { domReady } from '../../../../components/panel/model/dom-ready';
import { earlyPanelState } from '../../../../components/panel/model/early-state';
import type { PanelState } from '../../../../lib/protocol/panel-views';
import { panelState } from '../../../lib/protocol/fixtures';

interface FakeStore extends PortStore<PanelState> {
  asked: string | null;
  closed: boolean;
}

function fakeConnect() {
  const made: FakeStore[] = [];
  const connect = (slug: string | null) => {
    const store: FakeStore = {
      asked: slug,
      closed: false,
      value: signal<PanelState | null>(null),
      connected: signal(true),
      rejected: signal(0),
      close() {
        store.closed = true;
      },
    };
    made.push(store);
    return store;
  };
  return { made, connect };
}

describe("the page's market state, asked for before the settings are read", () => {
  it("asks for this page's market at once, and hands that store to the panel", () => {
    const { made, connect } = fakeConnect();
    const early = earlyPanelState(connect);
    expect(made.map((s) => s.asked)).toEqual([null]);
    expect(early.connect('btc')).toBe(made[0]);
    early.release();
    expect(made[0]?.closed).toBe(false);
  });

  it('keeps it when its answer is the market the settings name', () => {
    const { made, connect } = fakeConnect();
    const early = earlyPanelState(connect);
    if (made[0]) made[0].value.value = panelState({ marketSlug: 'btc' });
    expect(early.connect('btc')).toBe(made[0]);
  });

  it('asks by name when the background answered for another market', () => {
    const { made, connect } = fakeConnect();
    const early = earlyPanelState(connect);
    if (made[0]) made[0].value.value = panelState({ marketSlug: 'eth' });
    const store = early.connect('btc');
    expect(store).toBe(made[1]);
    expect(made[1]?.asked).toBe('btc');
    expect(made[0]?.closed).toBe(true);
  });

  it('is used once: a later market (single-page navigation) gets its own store', () => {
    const { made, connect } = fakeConnect();
    const early = earlyPanelState(connect);
    early.connect('btc');
    expect(early.connect('eth')).toBe(made[1]);
    expect(made[0]?.closed).toBe(false);
  });

  it('is closed when the page turns out not to be a market page', () => {
    const { made, connect } = fakeConnect();
    earlyPanelState(connect).release();
    expect(made[0]?.closed).toBe(true);
  });

  it('tells its first state once, so a framed panel can paint before the loader answers', () => {
    const { made, connect } = fakeConnect();
    const early = earlyPanelState(connect);
    const seen: string[] = [];
    early.whenFirst((state) => seen.push(state.marketSlug));
    expect(seen).toEqual([]);
    if (made[0]) made[0].value.value = panelState({ marketSlug: 'btc' });
    if (made[0]) made[0].value.value = panelState({ marketSlug: 'btc', hint: 'later' });
    expect(seen).toEqual(['btc']);
  });

  it('tells a state that came before it was asked', () => {
    const { made, connect } = fakeConnect();
    const early = earlyPanelState(connect);
    if (made[0]) made[0].value.value = panelState({ marketSlug: 'btc' });
    const seen: string[] = [];
    early.whenFirst((state) => seen.push(state.marketSlug));
    expect(seen).toEqual(['btc']);
  });

  it('tells nothing once a panel took the store, or the page was no market page', () => {
    const { made, connect } = fakeConnect();
    const taken = earlyPanelState(connect);
    const released = earlyPanelState(connect);
    const seen: string[] = [];
    taken.whenFirst((state) => seen.push(state.marketSlug));
    released.whenFirst((state) => seen.push(state.marketSlug));
    taken.connect('btc');
    released.release();
    for (const store of made) store.value.value = panelState({ marketSlug: 'btc' });
    expect(seen).toEqual([]);
  });

  it('domReady waits for DOMContentLoaded only while the document is loading', async () => {
    let state: DocumentReadyState = 'loading';
    const listeners: (() => void)[] = [];
    const doc = {
      get readyState() {
        return state;
      },
      addEventListener: (_: string, l: () => void) => listeners.push(l),
    } as unknown as Document;
    await expect(domReady({ readyState: 'complete' } as Document)).resolves.toBeUndefined();
    let done = false;
    void domReady(doc).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    state = 'interactive';
    for (const l of listeners) l();
    await Promise.resolve();
    expect(done).toBe(true);
  });
});
