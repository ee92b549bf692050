import { type Signal, signal } from '@preact/signals';
import { within } from '@testing-library/preact';
import { onTestFinished } from 'vitest';
import type { AimCheck, AimWatch } from '../../../../components/panel/aim-watch';
import type { PanelVisibility } from '../../../../components/panel/model/trust';
import { mountPanel } from '../../../../components/panel/mount';
import type { MessageName, ParsedRequestOf, ResponseOf } from '../../../../lib/protocol/messages';
import type { PanelState } from '../../../../lib/protocol/views';
import { type FakeStore, fakeBackground, fakeStore } from '../fake-background';
import { SLUG } from '../model/fixtures';

/** The background's answers a test gives, by message (any other message is refused). */
export type Handlers = { [N in MessageName]?: (r: ParsedRequestOf<N>) => Promise<ResponseOf<N>> };

/** What the browser does for a user's click; happy-dom has no `isTrusted`, so it is set here. */
export function realClick(element: Element): void {
  // A pointer's click counts its presses (`detail` 1); a key's is 0 (key-aim.ts).
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
  Object.defineProperty(event, 'isTrusted', { value: true });
  element.dispatchEvent(event);
}

/** A real pointer going down on an element (`button` 0: the main one), before its click. */
export function realPointerDown(element: Element, button = 0, trusted = true): void {
  const event = new MouseEvent('pointerdown', { bubbles: true, cancelable: true, button });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  element.dispatchEvent(event);
}

/** Presses aimed like a person's: the aim checks have their own tests (model/aim.test.ts). */
export const aimed = (check: AimCheck = () => null): AimWatch => ({
  check,
  marketShown: () => undefined,
  visibilityChanged: () => undefined,
  hostSeen: () => undefined,
  moved: () => undefined,
  stop: () => undefined,
});

type MountOptions = Parameters<typeof mountPanel>[0];

export interface RenderPanelOptions {
  handlers?: Handlers;
  visibility?: Signal<PanelVisibility>;
  aim?: AimWatch;
  /** Where it is placed (default: bottom-left, 16 px in). */
  placement?: MountOptions['placement'];
  /** Chromium's framed panel: the frame's layout link. */
  framed?: MountOptions['framed'];
}

let pressCount = 0;

/**
 * The page panel of `SLUG` mounted in a fresh container of the document, on a fake
 * background (`handlers`) and one fake store per market it connects to (`state` for
 * `SLUG`, none for any other); unmounted and removed when the test ends.
 */
export function renderPanel(state: PanelState | null, options: RenderPanelOptions = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  const background = fakeBackground(options.handlers ?? {});
  const visibility = options.visibility ?? signal<PanelVisibility>('unknown');
  const stores = new Map<string, FakeStore>();
  const mounted = mountPanel({
    container,
    slug: SLUG,
    placement: options.placement ?? { corner: 'bottom-left', offset: { x: 16, y: 16 } },
    collapsed: false,
    deps: { send: background.send, now: Date.now, newPressId: () => `press-${++pressCount}-0000` },
    connect: (slug) => {
      const store = fakeStore(slug === SLUG ? state : null);
      stores.set(slug, store);
      return store;
    },
    visibility,
    aim: options.aim ?? aimed(),
    ...(options.framed ? { framed: options.framed } : {}),
  });
  onTestFinished(() => {
    mounted.unmount();
    container.remove();
  });
  const store = stores.get(SLUG);
  if (!store) throw new Error('the panel connected no store for its market');
  return {
    container,
    panel: mounted,
    background,
    store,
    stores,
    visibility,
    ui: within(container),
  };
}
