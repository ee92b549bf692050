/**
 * The page against the panel frame's handshake with its loader (issue 30, item 3). The
 * frame used to say hello to the page's window and take its token from the answer: the
 * page saw the hello (and with it the frame's window), could answer first with a forged
 * market, and could navigate that window to a page of its own in the panel's place.
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  FRAME_REPLACED_ATTRIBUTE,
  FRAME_REPLACED_NOTICE,
} from '../../../components/panel/framed/frame-replaced';
import { eventually, useHarness } from '../fixtures';
import { panelFrameOf } from './driver';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';

interface Hostile {
  /** Every message that reached the page's window from another window. */
  __heard: string[];
  /** The windows the page could reach: the sources of those messages, and `window.frames`. */
  __handles: () => Window[];
  /** Posts a forged loader answer (another market) to every window it can reach; how many. */
  __forge: (marker: string) => number;
}

/** The page's first script (main world): listens for the handshake and answers it with a forgery. */
function hostileFirstScript(eth: string): void {
  const w = window as unknown as Hostile;
  const sources = new Set<Window>();
  w.__heard = [];
  w.__handles = () => {
    const all = new Set(sources);
    for (let i = 0; i < window.frames.length; i++) all.add(window.frames[i] as Window);
    return [...all];
  };
  const forged = (marker: string) => ({
    token: `forged-${marker}`,
    view: { width: 1200, height: 800 },
    placement: { corner: 'top-left', offset: { x: 0, y: 0 } },
    collapsed: false,
    slug: eth,
  });
  w.__forge = (marker) => {
    const handles = w.__handles();
    for (const target of handles) {
      target.postMessage(forged(marker), '*');
      target.postMessage({ t: 'market', slug: eth }, '*');
      target.postMessage(marker, '*');
    }
    return handles.length;
  };
  window.addEventListener(
    'message',
    (event) => {
      if (!event.source || event.source === window) return;
      sources.add(event.source as Window);
      w.__heard.push(typeof event.data === 'string' ? event.data : JSON.stringify(event.data));
      // Answers first, as the loader would: a forged market for the panel.
      w.__forge('answer');
    },
    true,
  );
}

async function openHostile(): Promise<{ page: Page; frame: Frame }> {
  const page = await h().context.newPage();
  await page.addInitScript(hostileFirstScript, ETH);
  await page.goto(`${h().sandbox.siteUrl}/markets/${BTC}`);
  const frame = await eventually(async () => panelFrameOf(page), { what: 'the panel frame' });
  return { page, frame };
}

/** Linked: only the loader's port tells the frame the page's viewport. */
const linked = (frame: Frame) =>
  eventually(
    () =>
      frame.evaluate(
        () => document.documentElement.style.getPropertyValue('--mc-max-height') !== '',
      ),
    { what: 'the panel linked to its loader (told the viewport)' },
  );

const shownSlug = (frame: Frame) =>
  frame.evaluate(() => document.querySelector('.mc-panel')?.getAttribute('data-slug') ?? null);

describe('the frame trusts only the loader that made it', () => {
  it('the page hears nothing of the handshake, and the panel links to its loader', async () => {
    await h().onboard('alice');
    const { page, frame } = await openHostile();
    await linked(frame);
    expect(await page.evaluate(() => (window as unknown as Hostile).__heard)).toEqual([]);
    await page.close();
  });

  it('the page can reach no window of the frame to answer or forge, and the panel keeps its market', async () => {
    const { page, frame } = await openHostile();
    await linked(frame);
    // Neither a message's source (nothing is posted to the page) nor `window.frames` (a
    // frame in a shadow root is not listed there): the forgery reaches nobody.
    expect(await page.evaluate(() => (window as unknown as Hostile).__forge('after'))).toBe(0);
    expect(await shownSlug(frame)).toBe(BTC);
    await page.close();
  });

  it('a page that navigates the frame elsewhere gets the frame removed, and is told so', async () => {
    const { page, frame } = await openHostile();
    await linked(frame);
    const elsewhere = `${h().sandbox.siteUrl}/`;
    // The page holds no handle on the frame's window now (the test above); one it got some
    // other way (its renderer taken over) would navigate the frame as this does, and the
    // loader sees the same second load.
    expect(await page.evaluate(() => (window as unknown as Hostile).__handles().length)).toBe(0);
    await frame.evaluate((url) => {
      location.href = url;
    }, elsewhere);
    await eventually(
      () => page.evaluate(() => !document.querySelector('[data-market-companion="panel"]')),
      { what: 'the replaced frame removed' },
    );
    const notice = page.locator(`[${FRAME_REPLACED_ATTRIBUTE}="frame-replaced"] p`);
    await notice.waitFor({ state: 'visible' });
    expect(await notice.textContent()).toBe(FRAME_REPLACED_NOTICE);
    await page.close();
  });
});
