/**
 * Two more floors for an extension page's first paint, made of the page's own first screen:
 * its markup and styles as they are once drawn, written into bench-only pages of this run's
 * private copy of the build (nothing of this is in the extension). One page holds them as
 * static HTML, with no script: what painting those elements costs the browser. The other
 * holds the styles and an empty root that one classic script from the package fills with
 * the same markup: what any page that shows live data pays at least, since it needs a
 * script, and an extension page's script is a request to the browser process (MV3's policy
 * allows no inline script).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Harness } from '../../test/e2e/fixtures';
import { benchExtension, pause } from './browser';
import type { Viewport } from './page-paint';

export interface FirstScreen {
  /** `#app`'s markup, cut after the first card that starts below the page's bottom edge. */
  markup: string;
  /** Every `<style>` the page holds once drawn, in order. */
  styles: string;
  /** Cards kept: the ones the page shows first (the last of them starts below the fold). */
  cards: number;
  elements: number;
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
  const styled = html.replace('</head>', `<style>${screen.styles}</style></head>`);
  const staticPath = `bench-${stem}-static.html`;
  const scriptPath = `bench-${stem}-script.html`;
  const script = `bench-${stem}-script.js`;
  writeFileSync(
    join(dir, staticPath),
    styled.replace('<div id="app"></div>', `<div id="app">${screen.markup}</div>`),
  );
  writeFileSync(
    join(dir, script),
    `document.getElementById('app').innerHTML = ${JSON.stringify(screen.markup)};\n`,
  );
  writeFileSync(
    join(dir, scriptPath),
    styled.replace(
      '<div id="app"></div>',
      `<div id="app"></div><script src="/${script}"></script>`,
    ),
  );
  return { staticPath, scriptPath, screen };
}
