import { describe, expect, it } from 'vitest';
import { extensionArgs } from '../../scripts/lib/chromium';

const DIR = '/tmp/extension';

describe('the Chromium switches npm start and the tests use', () => {
  it('keep the renderer sandbox in a person’s headed browser', () => {
    const args = extensionArgs(DIR, false, 1000);
    expect(args).not.toContain('--no-sandbox');
    expect(args).not.toContain('--headless=new');
    expect(args).toContain(`--load-extension=${DIR}`);
  });

  it('drop it only where Chromium cannot have it: as root, or headless automation', () => {
    expect(extensionArgs(DIR, false, 0)).toContain('--no-sandbox');
    expect(extensionArgs(DIR, true, 1000)).toEqual(
      expect.arrayContaining(['--headless=new', '--no-sandbox']),
    );
  });
});
