import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Harness } from '../fixtures';
import type { PanelDriver } from './driver';
import { openPanel } from './helpers';

/**
 * The set-up the trading tests share: Alice onboarded, `slug`'s market page open with its
 * panel (`opened` hands them to the test file), the panel detached after the file.
 */
export function withAlicesPanel(
  h: () => Harness,
  opened: (at: { page: Page; panel: PanelDriver }) => void,
  slug = 'sandbox-btc-100k',
): void {
  let panel: PanelDriver | null = null;
  beforeAll(async () => {
    await h().onboard('alice');
    const at = await openPanel(h(), slug);
    panel = at.panel;
    opened(at);
  });
  afterAll(async () => {
    await panel?.detach();
  });
}
