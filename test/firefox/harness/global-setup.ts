import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildExtension, outputDir, staleBuildReason } from '../../../scripts/lib/build';
import { findFirefox } from '../../../scripts/lib/firefox';
import { REPO_ROOT } from '../../e2e/harness/screenshots';

/**
 * Before the Firefox files: Firefox must be installed (one clear message, not one failure
 * per file), and the production Firefox build must match the sources. The run tests a
 * private copy, so a build started meanwhile cannot change the add-on under it.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  findFirefox();
  const reason = staleBuildReason(REPO_ROOT, 'firefox');
  if (reason) {
    console.log(`firefox: building the add-on (${reason})`);
    await buildExtension(REPO_ROOT, 'firefox', { quiet: true });
  }
  const copy = mkdtempSync(join(tmpdir(), 'mc-firefox-extension-'));
  cpSync(outputDir(REPO_ROOT, 'firefox'), copy, { recursive: true });
  project.provide('firefoxExtensionDir', copy);
  return () => rmSync(copy, { recursive: true, force: true });
}
