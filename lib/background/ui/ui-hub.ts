import type { BadgesView } from '../../protocol/badge-views';
import type { AppSnapshot, PanelState, StatePatch } from '../../protocol/views';
import type { Change } from './changes';
import { coalesce } from './coalesce';
import { type SentState, sentState, statePatch } from './state-diff';

/** The parts of a runtime Port the hub uses (the browser's Port satisfies it). */
export interface PortLike {
  postMessage(message: unknown): void;
  onDisconnect: { addListener(listener: () => void): void };
}

/** One frame: what changes within it reaches an open UI as one message. */
const FRAME_MS = 16;

/** Who is told of a change: the extension pages' state, the position badges, the panels. */
export interface Audience {
  state: boolean;
  badges: boolean;
  /** Every panel, the panels of the change's market, or none. */
  panels: 'all' | 'market' | 'none';
}

const EVERYONE: Audience = { state: true, badges: true, panels: 'all' };

/**
 * The one table of who hears of what. The badges are drawn from what is held and whether
 * the trader is signed in; a market's panels from its record, book, orders, holdings and
 * intents, and from the account-wide state every panel shows (lock, mode, settings).
 */
export function audienceOf(change: Change): Audience {
  switch (change.kind) {
    case 'vault':
    case 'settings':
    case 'trading-mode':
    case 'exchange-health':
    case 'portfolio':
      return EVERYONE;
    case 'connection':
      return { state: true, badges: false, panels: 'none' };
    case 'positions':
    case 'intent':
      return { state: true, badges: true, panels: 'market' };
    case 'book':
      return { state: change.held, badges: change.held, panels: 'market' };
    case 'open-orders':
    case 'market':
      return { state: false, badges: false, panels: 'market' };
    case 'price-alerts':
      return { state: true, badges: false, panels: 'none' };
  }
}

/**
 * The open UIs: popups and options pages on the state port, page panels on the panel
 * port (one market each). Services publish their changes (`changed`); the hub alone
 * decides which UI each concerns, and sends each UI at most one message per frame
 * whatever the number of changes in it. A state page is sent its snapshot once, then
 * what changed since (nothing, when nothing did).
 */
export class UiHub {
  /** Extension pages on the state port, each with the state it was last sent. */
  private readonly statePorts = new Map<PortLike, SentState>();
  private readonly panelPorts = new Map<PortLike, string>();
  private readonly dirtyPanels = new Set<string>();
  /**
   * Panels connected and still waiting for their first state. A push built meanwhile is
   * built from what a just-woken background does not know yet (no market record: "not
   * known to the exchange", every button disabled): it would blank the trade buttons of a
   * reconnecting panel for the moment its fresh state takes, and a press landing then
   * reached no button (found in Firefox, test/firefox/cold-press.test.ts). The panel keeps
   * showing its last state until the fresh one, which holds every change made meanwhile.
   */
  private readonly awaitingFresh = new Set<PortLike>();
  /**
   * Content scripts drawing badges, each with the summary it was last sent; they watch no
   * market and keep no live subscription.
   */
  private readonly badgePorts = new Map<PortLike, string>();

  constructor(
    private readonly views: {
      snapshot: () => AppSnapshot;
      /** The panel as known now, for pushes. */
      panelNow: (slug: string) => PanelState;
      /** The panel with what it needs read first, for a newly opened one. */
      panelFresh: (slug: string) => Promise<PanelState>;
      /** What every page of the site draws its position badges from. */
      badges: () => BadgesView;
      /** The set of UIs or of watched markets changed. */
      onWatchersChanged: () => void;
    },
  ) {}

  /** The markets some panel shows. */
  watchedMarkets(): Set<string> {
    return new Set(this.panelPorts.values());
  }

  /** Whether any UI is open. */
  watched(): boolean {
    return this.statePorts.size + this.panelPorts.size > 0;
  }

  connectState(port: PortLike): void {
    const snapshot = this.views.snapshot();
    // Posted first: a page opening waits for this message, not for its text kept here.
    port.postMessage({ topic: 'snapshot', data: snapshot });
    this.statePorts.set(port, sentState(snapshot));
    port.onDisconnect.addListener(() => {
      this.statePorts.delete(port);
      this.views.onWatchersChanged();
    });
    this.views.onWatchersChanged();
  }

  async connectPanel(port: PortLike, slug: string): Promise<void> {
    this.panelPorts.set(port, slug);
    this.awaitingFresh.add(port);
    port.onDisconnect.addListener(() => {
      this.panelPorts.delete(port);
      this.awaitingFresh.delete(port);
      this.views.onWatchersChanged();
    });
    this.views.onWatchersChanged();
    try {
      const state = await this.views.panelFresh(slug);
      if (this.panelPorts.has(port)) port.postMessage({ topic: 'panel', data: state });
    } finally {
      this.awaitingFresh.delete(port);
    }
  }

  private readonly flushState = coalesce(() => {
    if (this.statePorts.size === 0) return;
    const now = this.views.snapshot();
    const after = sentState(now);
    // Pages sent the same state (all of them, but for one that just connected) share a patch.
    const patches = new Map<SentState, StatePatch | null>();
    for (const [port, before] of this.statePorts) {
      let patch = patches.get(before);
      if (patch === undefined) {
        patch = statePatch(before, after, now);
        patches.set(before, patch);
      }
      if (!patch) continue;
      try {
        port.postMessage({ topic: 'patch', data: patch });
        this.statePorts.set(port, after);
      } catch {
        this.statePorts.delete(port);
      }
    }
  }, FRAME_MS);

  /** A service's change: each UI it concerns is sent its new state at the next frame. */
  changed(change: Change): void {
    const audience = audienceOf(change);
    if (audience.state) this.flushState();
    if (audience.badges) this.flushBadges();
    if (audience.panels === 'all') this.markPanels('*');
    if (audience.panels === 'market' && 'marketSlug' in change) this.markPanels(change.marketSlug);
  }

  private readonly flushPanels = coalesce(() => {
    const dirty = new Set(this.dirtyPanels);
    this.dirtyPanels.clear();
    const all = dirty.has('*');
    // One state per market, built from its latest data, whatever its number of panels.
    const built = new Map<string, { topic: 'panel'; data: PanelState }>();
    for (const [port, slug] of this.panelPorts) {
      if ((!all && !dirty.has(slug)) || this.awaitingFresh.has(port)) continue;
      let message = built.get(slug);
      if (!message) {
        message = { topic: 'panel', data: this.views.panelNow(slug) };
        built.set(slug, message);
      }
      try {
        port.postMessage(message);
      } catch {
        this.panelPorts.delete(port);
      }
    }
  }, FRAME_MS);

  connectBadges(port: PortLike): void {
    port.onDisconnect.addListener(() => this.badgePorts.delete(port));
    const data = this.views.badges();
    this.badgePorts.set(port, JSON.stringify(data));
    port.postMessage({ topic: 'badges', data });
  }

  private readonly flushBadges = coalesce(() => {
    if (this.badgePorts.size === 0) return;
    const data = this.views.badges();
    const key = JSON.stringify(data);
    for (const [port, sent] of this.badgePorts) {
      // Most changes (a book, an intent) leave what is held as it was: nothing to send then.
      if (sent === key) continue;
      try {
        port.postMessage({ topic: 'badges', data });
        this.badgePorts.set(port, key);
      } catch {
        this.badgePorts.delete(port);
      }
    }
  }, FRAME_MS);

  private markPanels(slug: string): void {
    this.dirtyPanels.add(slug);
    this.flushPanels();
  }
}
