import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  digestFileText,
  digestInFile,
  UI_DIGEST_FILE,
  uiDigest,
  uiFiles,
} from '../../scripts/lib/ui-digest';

const ROOT = resolve(import.meta.dirname, '..', '..');

describe("the README's pictures are made from today's UI", () => {
  it('the digest beside the images is the digest of the UI sources: else run npm run screenshots', () => {
    const path = join(ROOT, UI_DIGEST_FILE);
    const written = existsSync(path) ? digestInFile(readFileSync(path, 'utf8')) : 'none';
    expect(
      written,
      "The README's images were made from an older UI than this one: run npm run screenshots and commit docs/images.",
    ).toBe(uiDigest(ROOT));
  });

  it('digests the components, the pages, the styles and the formats, not the background or the tests', () => {
    const files = uiFiles(ROOT);
    for (const file of [
      'components/panel/ui/Panel.tsx',
      'entrypoints/popup-page.ts',
      'public/popup.html',
      'assets/theme.css',
      'lib/core/format/money.ts',
    ])
      expect(files).toContain(file);
    expect(files.some((f) => f.startsWith('lib/background/') || f.startsWith('test/'))).toBe(false);
  });

  it('any change to a UI file changes the digest; the file holds it on its first line', () => {
    const copy = mkdtempSync(join(tmpdir(), 'ui-digest-'));
    try {
      cpSync(join(ROOT, 'components/position-badges'), join(copy, 'components/position-badges'), {
        recursive: true,
      });
      const before = uiDigest(copy);
      expect(digestInFile(digestFileText(before))).toBe(before);
      const file = join(copy, 'components/position-badges/text.ts');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
      expect(uiDigest(copy)).not.toBe(before);
      // Line endings a checkout converts are not a change.
      writeFileSync(file, readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));
      const crlf = uiDigest(copy);
      writeFileSync(file, readFileSync(file, 'utf8').replace(/\r\n/g, '\n'));
      expect(uiDigest(copy)).toBe(crlf);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
