import { buildExtension, staleBuildReason } from '../../../scripts/lib/build';
import { findChromium } from '../../../scripts/lib/chromium';
import { REPO_ROOT } from './screenshots';

/**
 * Before any end-to-end file: a browser must exist (else one clear message instead of
 * one failure per file) and `.output/chrome-mv3` must be the build of the current
 * sources, so `npm run test:e2e` works on its own and never tests a stale bundle.
 */
export default async function setup(): Promise<void> {
  findChromium();
  const reason = staleBuildReason(REPO_ROOT, 'chrome');
  if (reason) {
    console.log(`e2e: building the extension (${reason})`);
    await buildExtension(REPO_ROOT, 'chrome', { quiet: true });
  }
}
