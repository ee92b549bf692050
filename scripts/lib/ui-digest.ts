import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * What the README's pictures show is drawn by these files, and only these: the UI
 * features and their view-models (components/), the pages' shells and styles
 * (entrypoints/, public/*.html, assets/*.css) and the words and numbers they print
 * (lib/core/format/). The background, the desk and the sandbox change what a picture holds
 * only through those, so a change there alone does not make the pictures old.
 */
const UI_ROOTS = ['components', 'entrypoints', 'assets', 'public', 'lib/core/format'];
const UI_FILE = /\.(tsx?|css|html)$/;

/** Where `npm run screenshots` writes the digest, beside the images. */
export const UI_DIGEST_FILE = 'docs/images/ui-digest.txt';

function filesUnder(root: string, dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(root, path);
    return entry.isFile() && UI_FILE.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** The UI's source files, as sorted `/`-separated paths relative to `root`. */
export function uiFiles(root: string): string[] {
  return UI_ROOTS.flatMap((r) => filesUnder(root, join(root, r)))
    .map((p) => p.split(sep).join('/'))
    .sort();
}

/**
 * SHA-256 over every UI file's path and text (line endings as LF, so a checkout that
 * converts them digests the same).
 */
export function uiDigest(root: string): string {
  const hash = createHash('sha256');
  for (const path of uiFiles(root)) {
    const text = readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n');
    hash.update(`${path}\0${text}\0`);
  }
  return hash.digest('hex');
}

/** The digest file's text: the digest on its first line, then why it is there. */
export const digestFileText = (digest: string): string =>
  `${digest}\nsha256 of the UI sources (scripts/lib/ui-digest.ts) the images beside it were made from; npm run screenshots rewrites it.\n`;

/** The digest a digest file holds (its first line). */
export const digestInFile = (text: string): string => text.split('\n')[0]?.trim() ?? '';
