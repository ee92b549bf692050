import { expect, it } from 'vitest';
import { useHarness } from '../fixtures';
import { panelFrameOf } from '../panel/driver';
import { openPanel } from '../panel/helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';

it('debug drag', async () => {
  await h().onboard('alice');
  const { page, panel } = await openPanel(h(), BTC);
  const frame = panelFrameOf(page)!;
  await frame.evaluate(
    `(() => { window.__log = []; for (const k of ['pointerdown','pointermove','pointerup','pointercancel','lostpointercapture','gotpointercapture','mousemove']) document.addEventListener(k, (e) => window.__log.push([k, e.screenX, e.screenY, e.clientX, e.clientY].join(' ')), true); })()`,
  );
  const head = await panel.waitFor('.mc-head');
  console.log('head', head.rect);
  const startX = head.rect.x + 60;
  const startY = head.rect.y + head.rect.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX - 20, startY + 10, { steps: 3 });
  await new Promise((r) => setTimeout(r, 300));
  await page.mouse.move(startX - 300, startY - 200, { steps: 5 });
  await page.mouse.move(60, 40, { steps: 10 });
  await page.mouse.up();
  await new Promise((r) => setTimeout(r, 500));
  console.log(await frame.evaluate('window.__log.join("\\n")'));
  console.log(await panel.one('.mc-panel'));
  expect(1).toBe(1);
});
