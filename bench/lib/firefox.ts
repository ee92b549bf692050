/**
 * The Firefox side of the real-browser suites: the production Firefox build (built when
 * older than the sources) in Firefox ESR through the Firefox test harness, set up for the
 * sandbox's demo trader through its options page (the store build has no other way in).
 */
import { buildExtension, outputDir, staleBuildReason } from '../../scripts/lib/build';
import { REPO_ROOT } from '../../test/e2e/harness/screenshots';
import {
  type FirefoxHarness,
  type FirefoxHarnessOptions,
  startFirefoxHarness,
} from '../../test/firefox/fixtures';
import { onboardThroughOptions } from '../../test/firefox/harness/onboarding';

/** Runs `fn` with Firefox, the add-on set up for alice and the sandbox; always closed after. */
export async function withFirefox<T>(
  suite: string,
  options: Omit<FirefoxHarnessOptions, 'extensionDir'>,
  fn: (h: FirefoxHarness) => Promise<T>,
): Promise<T> {
  if (staleBuildReason(REPO_ROOT, 'firefox')) {
    await buildExtension(REPO_ROOT, 'firefox', { quiet: true });
  }
  const h = await startFirefoxHarness(`bench/${suite}.ts`, {
    ...options,
    extensionDir: outputDir(REPO_ROOT, 'firefox'),
    // Full-resolution timers, as Chromium's: Firefox rounds them for web pages by default.
    prefs: { 'privacy.reduceTimerPrecision': false, ...options.prefs },
  });
  try {
    // tsx names inner functions through `__name`: functions sent into pages need it there.
    await h.firefox.connection.send('script.addPreloadScript', {
      functionDeclaration: '() => { globalThis.__name ??= (fn) => fn; }',
    });
    await onboardThroughOptions(h, /^Alice \(alice\)/);
    return await fn(h);
  } finally {
    await h.close();
  }
}
