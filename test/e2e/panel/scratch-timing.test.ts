import { it } from 'vitest';
import { useHarness } from '../fixtures';
import { openPanel } from './helpers';

const h = useHarness(import.meta.url);

it('timing', async () => {
  await h().onboard('alice');
  const first = await openPanel(h(), 'sandbox-btc-100k');
  for (let i = 0; i < 3; i++) {
    const again = await openPanel(h(), 'sandbox-btc-100k');
    console.log(
      JSON.stringify(
        await again.page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const out: Record<string, number> = {
            dclStart: nav.domContentLoadedEventStart,
            dclEnd: nav.domContentLoadedEventEnd,
            load: nav.loadEventEnd,
          };
          for (const m of performance.getEntriesByType('mark'))
            out[m.name] = Math.round(m.startTime);
          return out;
        }),
      ),
    );
    await again.page.close();
  }
  await first.page.close();
});
