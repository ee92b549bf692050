/**
 * Numbers fit (issue 31, item 4): the popup's position lines and totals at its 380 px and
 * the panel's table at its width, drawn by the real components and styles in Chromium (the
 * component tests' DOM has no layout), show $999,999.99 and −$99,999.99 with nothing cut
 * and nothing wrapped onto a line of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../../scripts/lib/chromium';
import { REPO_ROOT } from '../harness/screenshots';

const css = (...files: string[]) =>
  files.map((f) => readFileSync(join(REPO_ROOT, f), 'utf8')).join('\n');

let browser: Browser;
let script: string;

beforeAll(async () => {
  // One classic script of the page and the components it draws (vite, the build's own bundler).
  const out = (await build({
    configFile: false,
    root: REPO_ROOT,
    logLevel: 'silent',
    resolve: { alias: { '@': REPO_ROOT } },
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
    define: { 'import.meta.env.FIREFOX': 'false' },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: join(REPO_ROOT, 'test/e2e/popup/fit.page.tsx'),
        formats: ['iife'],
        name: 'fit',
      },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const output = Array.isArray(out) ? out[0]?.output : out.output;
  script = output?.find((o): o is Rollup.OutputChunk => o.type === 'chunk')?.code ?? '';
  if (!script) throw new Error('the fit page did not build');
  browser = await chromium.launch({ executablePath: findChromium(), headless: true });
});

afterAll(async () => {
  await browser?.close();
});

async function open(id: 'popup' | 'panel', styles: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 600 } });
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${styles}</style></head><body><div id="${id}"></div></body></html>`,
  );
  await page.addScriptTag({ content: script });
  return page;
}

/** Every element matching `selector` that shows more than fits, or spans more than one line. */
function misfits(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const bad: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const text = el.textContent ?? '';
      if (el.scrollWidth > el.clientWidth)
        bad.push(`cut: ${text} (${el.scrollWidth} > ${el.clientWidth})`);
      const box = el.getBoundingClientRect();
      // One line is the element's own line height, padding aside: two would be twice it.
      const style = getComputedStyle(el);
      const inner = box.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      if (inner > 1.5 * parseFloat(style.lineHeight)) bad.push(`wrapped: ${text}`);
      if (box.right > document.documentElement.clientWidth) bad.push(`off the edge: ${text}`);
    }
    return bad;
  }, selector);
}

describe('the longest amounts fit', () => {
  it('in the 380 px popup: every position line and every total on one line, none cut', async () => {
    const page = await open(
      'popup',
      css('assets/theme.css', 'assets/controls.css', 'components/popup/popup.css'),
      380,
    );
    await page.locator('.side-row').first().waitFor();
    expect(await page.locator('.side-row').count()).toBeGreaterThanOrEqual(36);
    expect(await page.getByText('+$999,999.99').count()).toBeGreaterThan(0);
    expect(await page.getByText('−$99,999.99').count()).toBeGreaterThan(0);
    expect(await misfits(page, '.side-row')).toEqual([]);
    expect(await misfits(page, '.totals dd')).toEqual([]);
    expect(await misfits(page, '.totals dt')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      380,
    );
    await page.close();
  });

  it("in the panel's table: held, average and P&L of both outcomes, none cut", async () => {
    const page = await open(
      'panel',
      css('assets/theme.css', 'assets/controls.css', 'components/panel/panel.css'),
      1000,
    );
    await page.locator('.mc-table td').first().waitFor();
    expect(await page.getByText('+$999,999.99').count()).toBe(1);
    expect(await page.getByText('−$99,999.99').count()).toBe(1);
    expect(await misfits(page, '.mc-table td')).toEqual([]);
    expect(await misfits(page, '.mc-table th')).toEqual([]);
    await page.close();
  });
});
