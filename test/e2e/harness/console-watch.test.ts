/**
 * The console watch every e2e file ends with (`useHarness` fails a file whose extension
 * logged an error or a CSP report) sees what it must: an error logged by an extension
 * page, and a CSP report. This file logs them on purpose, so it opts out of the check.
 */
import { expect, it } from 'vitest';
import { eventually, useHarness } from '../fixtures';

const h = useHarness(import.meta.url, { allowConsoleErrors: true });

it("catches an extension page's console error and a CSP report, and nothing of a web page's own logging", async () => {
  const popup = await h().openPopup();
  await popup.evaluate(() => console.error('console-watch probe'));
  // An inline script the extension page's CSP refuses: Chromium reports the violation.
  await popup.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = 1';
    document.head.append(script);
  });
  const market = await h().openMarketPage('sandbox-btc-100k');
  await market.evaluate(() => console.error('a web page of its own'));
  const problems = await eventually(
    () => {
      const seen = h().consoleProblems();
      return seen.some((p) => p.text.includes('console-watch probe')) &&
        seen.some((p) => /Content Security Policy/.test(p.text))
        ? seen
        : null;
    },
    { what: 'the probe error and the CSP report' },
  );
  expect(problems.some((p) => p.text.includes('a web page of its own'))).toBe(false);
});
