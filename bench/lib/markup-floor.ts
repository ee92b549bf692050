/**
 * Floors made of a page's own first screen: its markup and styles as they are once drawn,
 * written into bench-only pages of this run's private copy of the build (nothing of this is
 * in the extension), so that what the browser costs to paint those elements is measured
 * apart from what the page does to draw them.
 * - For a page opened on its own (the popup): one page holds them as static HTML, with no
 *   script; another holds the styles and an empty root that one classic script from the
 *   package fills with the same markup: what any page that shows live data pays at least,
 *   since it needs a script, and an extension page's script is a request to the browser
 *   process (MV3's policy allows no inline script).
 * - For a frame its host loads (the page panel): the frame's own page swapped for one whose
 *   only script sets the frame's two marks around the styles and the markup.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import type { Harness } from '../../test/e2e/fixtures';
import { benchExtension, pause } from './browser';
import type { Viewport } from './page-paint';

/** The root a popup-like page is drawn into, as its HTML holds it before any script. */
const EMPTY_APP = '<div id="app"></div>';

/** What a drawn page shows: its root's markup and every `<style>` it holds, in order. */
export interface DrawnMarkup {
  markup: string;
  styles: string;
  elements: number;
}

/** A popup-like page's first screen: `#app`, cut after the first card below the fold. */
export interface FirstScreen extends DrawnMarkup {
  /** Cards kept: the ones the page shows first (the last of them starts below the fold). */
  cards: number;
}

export interface MarkupFloorPages {
  /** The first screen as static HTML and styles, no script. */
  staticPath: string;
  /** The styles and an empty root that one classic script fills with the same markup. */
  scriptPath: string;
  screen: FirstScreen;
}

/** The page at `path`, drawn in full, read back as its first screen. */
export async function readFirstScreen(
  h: Harness,
  path: string,
  viewport: Viewport,
  card: string,
  want: number,
): Promise<FirstScreen> {
  const page = await h.context.newPage();
  try {
    await page.setViewportSize(viewport);
    await page.goto(h.url(path));
    await page.waitForFunction(
      (arg) => document.querySelectorAll(arg.card).length >= arg.want,
      { card, want },
      { timeout: 15_000 },
    );
    // Let the cards drawn after the first screen, and their styles, settle.
    await pause(500);
    return await page.evaluate((selector) => {
      const app = document.getElementById('app');
      if (!app) throw new Error('the page has no #app');
      const cards = [...document.querySelectorAll(selector)];
      const fold = cards.findIndex((c) => c.getBoundingClientRect().top >= window.innerHeight);
      const keep = fold < 0 ? cards.length : fold + 1;
      const clone = app.cloneNode(true) as HTMLElement;
      for (const c of [...clone.querySelectorAll(selector)].slice(keep)) c.remove();
      return {
        markup: clone.innerHTML,
        styles: [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n'),
        cards: keep,
        elements: clone.querySelectorAll('*').length,
      };
    }, card);
  } finally {
    await page.close();
  }
}

/**
 * Writes the two floor pages for `screen` beside `page` (the page's own HTML, so the same
 * head and viewport), with every script of it taken out.
 */
export async function writeMarkupFloorPages(
  page: string,
  screen: FirstScreen,
): Promise<MarkupFloorPages> {
  const dir = await benchExtension();
  const stem = page.replace(/\.html$/, '');
  const html = readFileSync(join(dir, page), 'utf8').replace(/<script\b[^>]*><\/script>/g, '');
  if (!html.includes(EMPTY_APP)) throw new Error(`${page} has no empty ${EMPTY_APP}`);
  const styled = html.replace('</head>', `<style>${screen.styles}</style></head>`);
  const staticPath = `bench-${stem}-static.html`;
  const scriptPath = `bench-${stem}-script.html`;
  const script = `bench-${stem}-script.js`;
  writeFileSync(
    join(dir, staticPath),
    styled.replace(EMPTY_APP, `<div id="app">${screen.markup}</div>`),
  );
  writeFileSync(
    join(dir, script),
    `document.getElementById('app').innerHTML = ${JSON.stringify(screen.markup)};\n`,
  );
  writeFileSync(
    join(dir, scriptPath),
    styled.replace(EMPTY_APP, `${EMPTY_APP}<script src="/${script}"></script>`),
  );
  return { staticPath, scriptPath, screen };
}

/** A frame's drawn root, read back whole with every style its document holds. */
export async function readFrameScreen(frame: Frame, rootId: string): Promise<DrawnMarkup> {
  return frame.evaluate((id) => {
    const root = document.getElementById(id);
    if (!root) throw new Error(`the frame has no #${id}`);
    return {
      markup: root.innerHTML,
      styles: [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n'),
      elements: root.querySelectorAll('*').length,
    };
  }, rootId);
}

export interface FrameFloor {
  /** Puts the floor's page in place of the frame's own page. */
  swapIn(): void;
  /** Puts the frame's own page back (again is harmless). */
  swapOut(): void;
}

/**
 * The floor for a frame whose page is loaded by its host (the page panel's, by the market
 * page's loader): the frame's own page, swapped in and out, for one whose only script does
 * what the frame's script does first and last (its two marks) and, in between, sets its
 * styles and the drawn markup: the frame's first screen without its state or its render.
 */
export async function writeFrameFloor(
  page: string,
  screen: DrawnMarkup,
  marks: { start: string; ready: string },
  label: string,
): Promise<FrameFloor> {
  const dir = await benchExtension();
  const path = join(dir, page);
  const own = readFileSync(path, 'utf8');
  const script = `bench-${page.replace(/\.html$/, '')}-${label}.js`;
  const rootId = /<div id="([^"]+)"><\/div>/.exec(own)?.[1];
  if (!rootId) throw new Error(`${page} has no empty root <div id>`);
  writeFileSync(
    join(dir, script),
    [
      `performance.mark(${JSON.stringify(marks.start)});`,
      "const style = document.createElement('style');",
      `style.textContent = ${JSON.stringify(screen.styles)};`,
      'document.head.append(style);',
      `document.getElementById(${JSON.stringify(rootId)}).innerHTML = ${JSON.stringify(screen.markup)};`,
      'requestAnimationFrame(() => {',
      '  const after = new MessageChannel();',
      `  after.port1.onmessage = () => performance.mark(${JSON.stringify(marks.ready)});`,
      '  after.port2.postMessage(null);',
      '});',
      '',
    ].join('\n'),
  );
  const floor = own
    .replace(/<script\b[^>]*><\/script>/g, '')
    .replace(
      `<div id="${rootId}"></div>`,
      `<div id="${rootId}"></div><script src="/${script}"></script>`,
    );
  return {
    swapIn: () => writeFileSync(path, floor),
    swapOut: () => writeFileSync(path, own),
  };
}
