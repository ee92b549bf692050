import { describe, expect, it } from 'vitest';
import { ChromiumNotFound, findChromium, knownBrowserPaths } from '../../../scripts/lib/chromium';

const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe('finding a browser for npm start and the e2e tests', () => {
  it('uses CHROME_PATH when it points at an executable', () => {
    expect(
      findChromium(
        { CHROME_PATH: '/opt/x/chrome' },
        'linux',
        only('/opt/x/chrome', '/usr/bin/chromium'),
      ),
    ).toBe('/opt/x/chrome');
  });

  it('refuses a CHROME_PATH that points at nothing instead of silently using another browser', () => {
    expect(() =>
      findChromium({ CHROME_PATH: '/nope' }, 'linux', only('/usr/bin/chromium')),
    ).toThrow(/CHROME_PATH is set to \/nope/);
  });

  it('prefers Debian’s /usr/bin/chromium over Google Chrome (which ignores --load-extension)', () => {
    expect(findChromium({}, 'linux', only('/usr/bin/google-chrome', '/usr/bin/chromium'))).toBe(
      '/usr/bin/chromium',
    );
    const paths = knownBrowserPaths('linux');
    expect(paths.indexOf('/usr/bin/chromium')).toBeLessThan(
      paths.indexOf('/usr/bin/google-chrome'),
    );
  });

  it('says exactly how to install Chromium when none is found', () => {
    const attempt = () => findChromium({}, 'linux', only());
    expect(attempt).toThrow(ChromiumNotFound);
    expect(attempt).toThrow(/sudo apt-get install chromium/);
    expect(() => findChromium({}, 'darwin', only())).toThrow(/brew install --cask chromium/);
  });
});
