import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';
import { type ClientErrorInfo, toErrorInfo } from '../../../lib/core/client/errors';
import {
  type Armed,
  arm,
  CONFIRM_WINDOW_MS,
  decidePress,
  isConfirmationRefusal,
} from '../../../lib/core/orders/confirm';
import type { IntentView, QuickOrderRequest } from '../../../lib/protocol/intent';
import { commandButtonKey, type TradeCommand } from '../../../lib/protocol/keyboard-commands';
import type { PanelState } from '../../../lib/protocol/views';
import { frameTurn } from '../../common/next-frame';
import { pageDelay } from '../../common/page-timer';
import type { PanelDeps } from '../deps';
import { presetLabel, type QuickOrderType, type TradeButtonModel, tradeButtons } from './buttons';
import { type LevelButtonModel, ladderRows } from './ladder';
import { pressTitle } from './orders';
import type { PanelPlacement } from './placement';
import { linesStand } from './status-lines';
import { type PanelVisibility, type PressEvent, pressRefusal } from './trust';

/**
 * How long after a press its control waits before asking for the frame that draws it busy:
 * past the message's way to the worker and the order's send (a few milliseconds here), and
 * well inside what an eye takes for at once.
 */
export const BUSY_LOOK_AFTER_MS = 10;

/** The panel state of one market as the background pushes it (a port store). */
export interface PanelSource {
  value: ReadonlySignal<PanelState | null>;
  connected: ReadonlySignal<boolean>;
}

/** Where a press's outcome shows: under an outcome's buttons, the book ladder, or the open orders. */
export type ResultGroup = 'YES' | 'NO' | 'book' | 'orders';

/** The outcome of the last press in a group, shown in place. */
export interface PressResult {
  title: string;
  status: 'sending' | 'done' | 'error';
  /** The desk's intent, for quick orders (its live version comes with the panel state). */
  intent: IntentView | null;
  /** A short line for cancels: "cancelled", "3 orders cancelled". */
  message: string | null;
  error: ClientErrorInfo | null;
  /** Sends the same request again (same press id: never a second order). */
  retry: (() => void) | null;
}

/** A press's outcome in each of its states; the fields a state has no use for are null. */
const RESULT_NONE = { intent: null, message: null, error: null, retry: null } as const;
const sendingResult = (title: string): PressResult => ({
  ...RESULT_NONE,
  title,
  status: 'sending',
});
const doneResult = (
  title: string,
  done: Pick<PressResult, 'intent'> | Pick<PressResult, 'message'>,
): PressResult => ({ ...RESULT_NONE, ...done, title, status: 'done' });
const errorResult = (
  title: string,
  error: ClientErrorInfo,
  retry: (() => void) | null,
): PressResult => ({ ...RESULT_NONE, title, status: 'error', error, retry });

/**
 * The panel's behaviour for one market: trusted presses only, the confirmation window,
 * one request per button at a time, and each outcome kept where it happened. Rendering
 * reads its signals; tests drive it with a fake background.
 */
export class PanelController {
  readonly armed = signal<Armed | null>(null);
  /** The controls drawn busy: those in `inFlight`, from the frame after their press. */
  readonly busy = signal<ReadonlySet<string>>(new Set());
  /**
   * The controls whose request is under way, at once: what refuses a second press of one.
   * `busy` follows a frame later (see `showSending`).
   */
  private readonly inFlight = new Set<string>();
  readonly results = signal<Partial<Record<ResultGroup, PressResult>>>({});
  /**
   * A refused real click (the panel was covered); cleared by the next press, a new order
   * on this market from anywhere, and a lock (`status-lines.ts`).
   */
  readonly notice = signal<string | null>(null);
  /** "Alert set: …", the panel's word for a price alert it set; cleared like the notice. */
  readonly alertSaid = signal<string | null>(null);
  private readonly stopClearing: () => void;
  /** The order type chosen in the panel until the saved setting catches up. */
  readonly chosenType = signal<QuickOrderType | null>(null);
  readonly orderType: ReadonlySignal<QuickOrderType>;
  readonly buttons: ReadonlySignal<ReturnType<typeof tradeButtons>>;
  /** Which preset sizes the ladder's orders (an index into the presets). */
  readonly ladderPreset = signal(0);
  /** The chosen preset, raw (the first one when the chosen one was removed). */
  readonly ladderAmount: ReadonlySignal<string | null>;
  readonly ladder: ReadonlySignal<ReturnType<typeof ladderRows>>;
  private disarmTimer: ReturnType<typeof setTimeout> | null = null;
  /** The quick-trade press whose pointer went down, primed in the background for its click. */
  private primed: { key: string; pressId: string } | null = null;

  readonly state: ReadonlySignal<PanelState | null>;
  /** False while the background's worker restarts (the port reconnects by itself). */
  readonly connected: ReadonlySignal<boolean>;

  constructor(
    private readonly deps: PanelDeps,
    readonly slug: string,
    source: PanelSource,
    readonly visibility: ReadonlySignal<PanelVisibility>,
    /** Whether the user could have aimed at the pressed button (aim-watch.ts); null: yes. */
    private readonly aim: (event: PressEvent) => string | null = () => null,
  ) {
    this.state = source.value;
    this.connected = source.connected;
    this.orderType = computed(
      () => this.chosenType.value ?? this.state.value?.quickTrade.orderType ?? 'FOK',
    );
    this.buttons = computed(() => {
      const current = this.state.value;
      return current ? tradeButtons(current, this.orderType.value) : [];
    });
    this.ladderAmount = computed(() => {
      const presets = this.state.value?.quickTrade.presets ?? [];
      return presets[this.ladderPreset.value] ?? presets[0] ?? null;
    });
    this.ladder = computed(() => {
      const current = this.state.value;
      const amount = this.ladderAmount.value;
      return current && amount ? ladderRows(current, amount) : [];
    });
    let seen: PanelState | null = null;
    this.stopClearing = effect(() => {
      const current = this.state.value;
      if (!linesStand(seen, current)) this.clearLines();
      if (current) seen = current;
    });
  }

  private clearLines(): void {
    this.notice.value = null;
    this.alertSaid.value = null;
  }

  dispose(): void {
    this.stopClearing();
    if (this.disarmTimer) clearTimeout(this.disarmTimer);
    this.disarmTimer = null;
  }

  /** Whether a real click may go ahead; a page script's synthetic one is dropped silently. */
  private admit(event: PressEvent): boolean {
    const refusal = pressRefusal(event, this.visibility.value);
    if (refusal) {
      if (!refusal.silent) this.notice.value = refusal.message;
      return false;
    }
    const unaimed = this.aim(event);
    if (unaimed) {
      this.notice.value = unaimed;
      return false;
    }
    this.clearLines();
    return true;
  }

  /** Draws the controls under way as busy (`inFlight` as it is now). */
  private drawBusy(): void {
    this.busy.value = new Set(this.inFlight);
  }

  /** A request answered: its control takes presses again, and is drawn so at once. */
  private settled(key: string): void {
    this.inFlight.delete(key);
    this.drawBusy();
  }

  private setResult(group: ResultGroup, result: PressResult): void {
    this.results.value = { ...this.results.value, [group]: result };
  }

  private armButton(key: string): void {
    this.armed.value = arm(key, this.deps.now());
    if (this.disarmTimer) clearTimeout(this.disarmTimer);
    this.disarmTimer = setTimeout(() => {
      this.disarmTimer = null;
      if (this.armed.value?.key === key) this.armed.value = null;
    }, CONFIRM_WINDOW_MS);
  }

  disarm(): void {
    this.armed.value = null;
  }

  findButton(key: string): TradeButtonModel | null {
    for (const group of this.buttons.value) {
      const found = [...group.buys, ...group.sells].find((b) => b.key === key);
      if (found) return found;
    }
    return null;
  }

  /**
   * A quick-trade button's pointer went down (a real one, the main button): the background
   * signs and journals the order the click would ask for, so that click has only to send it
   * (a person's press is down 60–300 ms; the signing and the journal's write take ~2 ms).
   * Nothing is decided here: no aim check, no notice, nothing shown; the click is still the
   * order, checked as every click is, and one that asks for another order (the book moved)
   * is signed at the click as before. A large order's presses are not primed.
   */
  primePress(button: TradeButtonModel, event: PressEvent): void {
    this.primed = null;
    if (!event.isTrusted || (event.button ?? 0) !== 0) return;
    if (pressRefusal(event, this.visibility.value)) return;
    if (button.disabledReason !== null || button.needsConfirmation) return;
    if (this.inFlight.has(button.key)) return;
    const pressId = this.deps.newPressId();
    this.primed = { key: button.key, pressId };
    this.deps.send('panel.primeOrder', this.quickOrder(button, pressId)).catch(() => undefined);
  }

  /** A click on a quick-trade button. */
  press(button: TradeButtonModel, event: PressEvent): void {
    const primed = this.primed?.key === button.key ? this.primed.pressId : null;
    this.primed = null;
    if (!this.admit(event)) return;
    this.pressAdmitted(button, primed);
  }

  private pressAdmitted(button: TradeButtonModel, primedPressId: string | null = null): void {
    if (button.disabledReason !== null || this.inFlight.has(button.key)) return;
    const arming = this.decide(button.key, button.needsConfirmation);
    // The press id its pointer-down primed: the click is that press, and takes its order.
    const pressId = primedPressId ?? this.deps.newPressId();
    void this.sendOrder(
      button.key,
      button.outcome,
      pressTitle(button.side, button.outcome, button.label),
      arming,
      () =>
        this.deps.send('panel.quickOrder', {
          ...this.quickOrder(button, pressId),
          ...(arming ? { firstPress: true as const } : {}),
        }),
    );
  }

  /** What a quick-trade button orders, as its press's messages say it. */
  private quickOrder(button: TradeButtonModel, pressId: string): QuickOrderRequest {
    return {
      marketSlug: this.slug,
      outcome: button.outcome,
      side: button.side,
      orderType: button.orderType,
      ...(button.side === 'BUY'
        ? { amountRaw: button.amountRaw ?? '0' }
        : { sellPercent: button.sellPercent ?? 100 }),
      pressId,
    };
  }

  /** The preset that sizes the ladder's orders. */
  chooseLadderPreset(index: number, event: PressEvent): void {
    if (!this.admit(event)) return;
    this.disarm();
    this.ladderPreset.value = index;
  }

  /** A click on a level of the book: a post-only order resting at that level's price. */
  pressLevel(level: LevelButtonModel, event: PressEvent): void {
    if (!this.admit(event)) return;
    if (level.disabledReason !== null || this.inFlight.has(level.key)) return;
    const arming = this.decide(level.key, level.needsConfirmation);
    const pressId = this.deps.newPressId();
    void this.sendOrder(
      level.key,
      'book',
      pressTitle(level.side, level.outcome, `${presetLabel(level.amountRaw)} @ ${level.priceText}`),
      arming,
      () =>
        this.deps.send('panel.limitOrder', {
          marketSlug: this.slug,
          outcome: level.outcome,
          side: level.side,
          price: level.price,
          amountRaw: level.amountRaw,
          pressId,
          ...(arming ? { firstPress: true as const } : {}),
        }),
    );
  }

  /**
   * Whether this press is a large order's first: its button is armed at once, and the press
   * still goes (marked `firstPress`) to the background, which records it as the first of
   * two. The second press of the armed button goes unmarked: the background knows it is the
   * confirming one.
   */
  private decide(key: string, needsConfirmation: boolean): boolean {
    const decision = decidePress(this.armed.value, key, needsConfirmation, this.deps.now());
    if (decision.kind === 'arm') {
      this.armButton(key);
      return true;
    }
    this.disarm();
    return false;
  }

  /**
   * One order press: its button busy meanwhile, its outcome shown in `group`. A retry sends
   * the same request again (same press id: never a second order). A first press that armed
   * its button (`arming`) shows nothing while the background answers "click again", so the
   * second press is never held up by it.
   */
  private async sendOrder(
    key: string,
    group: ResultGroup,
    title: string,
    arming: boolean,
    request: () => Promise<IntentView>,
  ): Promise<void> {
    const answer = request();
    if (arming) return this.settleArming(key, group, title, answer, request);
    await this.showSending(key, group, title, answer);
    try {
      const intent = await answer;
      this.setResult(group, doneResult(title, { intent }));
    } catch (error) {
      const info = toErrorInfo(error);
      // The background holds this press as a first one: the book moved above the threshold
      // between our estimate and its own, or it lost the first press (a restarted worker).
      const needsSecondClick = isConfirmationRefusal(info);
      if (needsSecondClick) this.armButton(key);
      const retry = needsSecondClick
        ? null
        : () => void this.sendOrder(key, group, title, false, request);
      this.setResult(group, errorResult(title, info, retry));
    } finally {
      this.settled(key);
    }
  }

  /**
   * A request just sent: its control refuses a second press at once, and is drawn busy with
   * a "sending" line a moment later (`BUSY_LOOK_AFTER_MS`, then the next frame), unless the
   * answer came first: then the answer is what is drawn. The message leaves first, and
   * nothing is rendered on the request's way. Drawn at once, that render (a microtask after
   * the press) took the CPU the background's handling of the order runs on, on a machine of
   * few cores, and an order reached the wire later (click-to-wire's median went from 6.8–7.9
   * to 6.3–6.5 ms, clicks interleaved both ways in one run). A frame asked for in the press's
   * own task did the same, less: its render, style and layout ran beside the message's way
   * to the worker (rested presses, the frame asked for 10 ms later against in the task, in
   * blocks taking turns over three runs of 120: 30 blocks of 45 faster, medians 0.45–1.2 ms).
   */
  private async showSending(
    key: string,
    group: ResultGroup,
    title: string,
    answer: Promise<unknown>,
  ): Promise<void> {
    this.inFlight.add(key);
    const answered = answer.then(
      () => true,
      () => true,
    );
    const late = pageDelay(BUSY_LOOK_AFTER_MS).then(() => false);
    if (await Promise.race([answered, late])) return;
    await frameTurn();
    this.drawBusy();
    this.setResult(group, sendingResult(title));
  }

  /**
   * The answer to a first press that armed its button. The expected one, "click again", needs
   * nothing more. Anything else ends the arming: an order placed (the background priced it
   * at or below the threshold) or an error are shown like any press's.
   */
  private async settleArming(
    key: string,
    group: ResultGroup,
    title: string,
    answer: Promise<IntentView>,
    request: () => Promise<IntentView>,
  ): Promise<void> {
    try {
      const intent = await answer;
      if (this.armed.value?.key === key) this.disarm();
      this.setResult(group, doneResult(title, { intent }));
    } catch (error) {
      const info = toErrorInfo(error);
      if (isConfirmationRefusal(info)) return;
      if (this.armed.value?.key === key) this.disarm();
      this.setResult(
        group,
        errorResult(title, info, () => void this.sendOrder(key, group, title, false, request)),
      );
    }
  }

  private async runCancel(
    key: string,
    title: string,
    request: () => Promise<string>,
  ): Promise<void> {
    if (this.inFlight.has(key)) return;
    const answer = request();
    await this.showSending(key, 'orders', title, answer);
    try {
      const message = await answer;
      this.setResult('orders', doneResult(title, { message }));
    } catch (error) {
      this.setResult(
        'orders',
        errorResult(title, toErrorInfo(error), () => void this.runCancel(key, title, request)),
      );
    } finally {
      this.settled(key);
    }
  }

  cancelOrder(orderId: string, label: string, event: PressEvent): void {
    if (!this.admit(event)) return;
    void this.runCancel(`cancel:${orderId}`, `Cancel ${label}`, async () => {
      const answer = await this.deps.send('panel.cancelOrder', {
        marketSlug: this.slug,
        orderId,
      });
      return answer.message.toLowerCase().includes('delayed')
        ? 'delayed order cancelled'
        : 'cancelled';
    });
  }

  cancelAll(event: PressEvent): void {
    if (this.admit(event)) this.cancelAllAdmitted();
  }

  private cancelAllAdmitted(): void {
    void this.runCancel('cancel-all', 'Cancel all on this market', async () => {
      const { canceled } = await this.deps.send('panel.cancelAll', { marketSlug: this.slug });
      return canceled.length === 1
        ? '1 order cancelled'
        : canceled.length === 0
          ? 'no open orders to cancel'
          : `${canceled.length} orders cancelled`;
    });
  }

  /** Cancels a delayed (or resting) order of the desk by its intent. */
  cancelIntent(intent: IntentView, event: PressEvent): void {
    if (!this.admit(event)) return;
    const title = `Cancel ${pressTitle(intent.side, intent.outcome, '').trim()}`;
    void this.runCancel(`cancel-intent:${intent.clientOrderId}`, title, async () => {
      const view = await this.deps.send('panel.cancelIntent', {
        marketSlug: this.slug,
        clientOrderId: intent.clientOrderId,
      });
      return view.summary;
    });
  }

  /** Sends a failed request again (a quick order keeps its press id: at most one order). */
  retry(result: PressResult, event: PressEvent): void {
    if (this.admit(event)) result.retry?.();
  }

  setOrderType(type: QuickOrderType, event: PressEvent): void {
    if (!this.admit(event) || type === this.orderType.value) return;
    this.chosenType.value = type;
    this.disarm();
    void this.deps.send('panel.saveQuickTrade', { orderType: type }).catch(() => {
      // The choice still applies on this page; it is only not remembered.
    });
  }

  savePresets(presets: string[]): Promise<unknown> {
    return this.deps.send('panel.saveQuickTrade', { presets });
  }

  savePlacement(placement: PanelPlacement, collapsed: boolean): void {
    void this.deps.send('panel.savePlacement', { ...placement, collapsed }).catch(() => undefined);
  }

  /**
   * The menu's "open the side panel": only the user's own click (the browser wants its
   * gesture), and no aim rule: it places nothing and shows the page nothing.
   */
  openSidePanel(event: PressEvent): void {
    if (!event.isTrusted) return;
    void this.deps.send('panel.openSidePanel', {}).catch(() => undefined);
  }

  openOptions(event: PressEvent): void {
    if (!this.admit(event)) return;
    void this.deps.send('panel.openOptions', {}).catch(() => undefined);
  }

  /** A trading command forwarded by the background: the user's own action, never the page's. */
  command(command: TradeCommand): void {
    const key = commandButtonKey(command);
    if (key === null) {
      const block = this.state.value?.block;
      if (block && !block.cancelAllowed) return;
      this.cancelAllAdmitted();
      return;
    }
    const button = this.findButton(key);
    if (button) this.pressAdmitted(button);
  }
}
