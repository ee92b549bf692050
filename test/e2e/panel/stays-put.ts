/**
 * The steps the Chromium and Firefox layout tests share (issue 29, item 1): every trade
 * control's box on the screen, recorded before and after a change of the panel's content;
 * none may move.
 */
import { expect } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/index';
import { eventually } from '../fixtures';
import { cancelAtSandbox, placeRestingOrderAtSandbox } from '../harness/resting-order';
import type { SandboxAdmin } from '../harness/sandbox-admin';
import type { PanelDriver } from './driver';
import { TRADE_CONTROL, TRADE_SLOT } from './trade-controls';

type Rect = { x: number; y: number; width: number; height: number };

/** A trade control's identity across renders: its key, its slot, or its action and order. */
const identity = (a: Record<string, string>): string =>
  a['data-slot'] ??
  a['data-key'] ??
  `${a['data-action'] ?? '?'}:${a['data-order-id'] ?? a['data-client-order-id'] ?? ''}`;

/** Every trade control (and every reserved slot of the book) with its box on the screen. */
async function boxes(panel: PanelDriver<unknown>): Promise<Map<string, Rect>> {
  const found = await panel.all(`${TRADE_CONTROL}, ${TRADE_SLOT}`);
  return new Map(found.map((el) => [identity(el.attributes), el.rect]));
}

const apart = (a: Rect, b: Rect) =>
  Math.abs(a.x - b.x) >= 1 ||
  Math.abs(a.y - b.y) >= 1 ||
  Math.abs(a.width - b.width) >= 1 ||
  Math.abs(a.height - b.height) >= 1;

export type StaysPut = (what: string, change: () => Promise<unknown>) => Promise<void>;

/**
 * `staysPut(what, change)`: runs `change` (which waits for its own barrier), then finds
 * every trade control that was there before where it was. `settled` waits until whatever
 * the change set off in the panel's placement has happened (the frame's resize); `shot`
 * keeps a picture of each step.
 */
export function stayingPut(
  panel: PanelDriver<unknown>,
  { settled, shot }: { settled: () => Promise<void>; shot: (what: string) => Promise<unknown> },
): StaysPut {
  return async (what, change) => {
    await settled();
    const before = await boxes(panel);
    expect(before.size, 'trade controls found').toBeGreaterThan(0);
    await change();
    await settled();
    const after = await boxes(panel);
    const moved = [...before].flatMap(([id, box]) => {
      const now = after.get(id);
      return now && apart(now, box)
        ? [`${id}: ${JSON.stringify(box)} → ${JSON.stringify(now)}`]
        : [];
    });
    await shot(`after ${what}`);
    expect(moved, `trade controls moved by: ${what}`).toEqual([]);
  };
}

const CANCEL = '[data-action="cancel-order"]';
const LIST = '[data-section="orders"] ul';

/** The open orders' Cancel buttons, top to bottom, by order id. */
async function cancels(panel: PanelDriver<unknown>) {
  const found = await panel.all(CANCEL);
  return found
    .sort((a, b) => a.rect.y - b.rect.y)
    .map((el) => ({ id: el.attributes['data-order-id'] ?? '', rect: el.rect }));
}

/**
 * Open orders come and go while the user's pointer rests on one's Cancel: the order listed
 * above it is cancelled elsewhere, then a new one rests. No Cancel (and no other trade
 * control) moves. Orders of `label` on `slug`, placed and cancelled at the sandbox as
 * another app would; they are all cancelled again at the end.
 */
export async function openOrdersComeAndGo(
  panel: PanelDriver<unknown>,
  staysPut: StaysPut,
  at: { sandbox: RunningSandbox; admin: SandboxAdmin; label: string; slug: string },
): Promise<void> {
  const rest = (price: string) =>
    placeRestingOrderAtSandbox(at.sandbox, at.admin, {
      label: at.label,
      slug: at.slug,
      price,
      contracts: 10_000_000n,
    });
  // The pointer out of the list first: a gap an earlier order left closes (slots are kept
  // only while the pointer is in the list), so both new orders are in its visible room.
  const title = await panel.waitFor('[data-section="orders"] .mc-section-title > span');
  await panel.point(title.rect.x + title.rect.width / 2, title.rect.y + title.rect.height / 2);
  const placed = [await rest('0.11'), await rest('0.12')];
  const listed = await eventually(
    async () => {
      const list = (await panel.one(LIST))?.rect;
      const now = await cancels(panel);
      const shown = (id: string) =>
        now.some(
          (c) =>
            c.id === id &&
            list &&
            c.rect.y >= list.y &&
            c.rect.y + c.rect.height <= list.y + list.height,
        );
      return list && placed.every(shown) ? now : null;
    },
    { what: 'both resting orders listed with their Cancel in view' },
  );
  const [upper, lower] = listed.filter((c) => placed.includes(c.id));
  if (!upper || !lower) throw new Error('the two orders are not both listed');
  // The user's pointer rests on the lower order's Cancel, about to press it.
  await panel.point(lower.rect.x + lower.rect.width / 2, lower.rect.y + lower.rect.height / 2);
  await staysPut('the order above it cancelled elsewhere', async () => {
    cancelAtSandbox(at.sandbox, upper.id);
    await eventually(async () => !(await cancels(panel)).some((c) => c.id === upper.id), {
      what: 'the cancelled order gone from the list',
    });
  });
  let fresh = '';
  await staysPut('a new order resting', async () => {
    fresh = await rest('0.13');
    await eventually(async () => (await cancels(panel)).some((c) => c.id === fresh), {
      what: 'the new order listed',
    });
  });
  for (const id of [lower.id, fresh]) cancelAtSandbox(at.sandbox, id);
  await eventually(async () => (await cancels(panel)).length === 0, {
    what: 'the open orders all gone',
  });
}

/**
 * Every section the toolbar opens, opened and closed: the presets editor, the alert form,
 * the alert line it leaves, and the order type switched there and back. `type` types into
 * the focused field, as the user's keyboard.
 */
export async function sectionsOpenAndClose(
  panel: PanelDriver<unknown>,
  staysPut: StaysPut,
  type: (text: string) => Promise<void>,
): Promise<void> {
  const gone = (selector: string) =>
    eventually(async () => (await panel.one(selector)) === null, { what: `${selector} gone` });
  await staysPut('the presets editor opening', async () => {
    await panel.click('[data-action="edit-presets"]');
    await panel.waitFor('[data-action="save-presets"]');
  });
  await staysPut('the presets editor closing', async () => {
    await panel.click('form.mc-presets button:not([data-action])');
    await gone('form.mc-presets');
  });
  await staysPut('the alert form opening', async () => {
    await panel.click('[data-action="price-alert"]');
    await panel.waitFor('form.alert-form');
  });
  await staysPut('the alert form closing', async () => {
    await panel.click('[data-action="price-alert"]');
    await gone('form.alert-form');
  });
  await panel.click('[data-action="price-alert"]');
  await panel.waitFor('form.alert-form');
  await staysPut('an alert set: the form closes, the alert line shows', async () => {
    await panel.click('input[aria-label="Price in cents"]');
    await type('95.5');
    await panel.click('form.alert-form button[type="submit"]');
    await panel.waitForText('[data-alert-said]', /Alert set/);
    await gone('form.alert-form');
  });
  await staysPut('the alert line leaving', async () => {
    await panel.click('[data-action="price-alert"]');
    await gone('[data-alert-said]');
    await panel.click('[data-action="price-alert"]');
    await gone('form.alert-form');
  });
  for (const type of ['FAK', 'FOK'] as const) {
    await staysPut(`the order type switched to ${type}`, async () => {
      await panel.click(`[data-action="order-type-${type}"]`);
      await panel.waitFor(
        `[data-action="order-type-${type}"]`,
        (b) => b.attributes['aria-pressed'] === 'true',
      );
    });
  }
}
