/**
 * Partner mode in the popup: the header names the sub-account the desk acts for, and
 * the selector switches it (the background then shows that sub-account's positions).
 */
import { expect, it } from 'vitest';
import { eventually, useHarness } from '../fixtures';

const h = useHarness(import.meta.url);

it('shows the active sub-account and switches to another one', async () => {
  await h().onboard('partner', { subAccount: 'sub-1' });
  const accounts = await h().admin.accounts();
  const sub1 = accounts.find((a) => a.label === 'sub-1');
  const sub2 = accounts.find((a) => a.label === 'sub-2');
  if (!sub1 || !sub2) throw new Error('the sandbox has no sub-1/sub-2');

  const popup = await h().context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(h().url('popup.html'));
  const picker = popup.getByLabel('Acting for');
  await picker.waitFor({ timeout: 15_000 });
  expect(await picker.inputValue()).toBe(String(sub1.profileId));
  await popup.locator('.market-card').first().waitFor({ timeout: 15_000 });
  await h().shot(popup, 'partner-light');

  await picker.selectOption(String(sub2.profileId));
  const vault = await eventually(
    async () => {
      const reply = await h().send('vault.status', {});
      return reply.ok && reply.data.activeSubAccountId === sub2.profileId ? reply.data : null;
    },
    { what: 'the background to act for sub-2' },
  );
  expect(vault.signingKind).toBe('delegated');
  await eventually(async () => (await picker.inputValue()) === String(sub2.profileId), {
    what: 'the selector to show sub-2',
  });
  await popup.locator('.market-card').first().waitFor({ timeout: 15_000 });
});
