import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Folders a clone does not hold (built, installed or ignored), and git's own. */
const SKIPPED_DIRS = new Set(['node_modules', '.output', '.wxt', '.git', 'test-results']);

/** Every markdown file of the repository under `root`, as paths relative to it. */
export function markdownFiles(root: string, dir = root): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...markdownFiles(root, path));
    else if (name.endsWith('.md')) found.push(relative(root, path));
  }
  return found.sort();
}

export interface MarkdownLink {
  /** 1-based line of the link in its file. */
  line: number;
  /** The target as written (`../docs/x.md#part`, `#part`). */
  target: string;
  /** `link`: a markdown or HTML link or image; `path`: a relative path written as inline code. */
  kind: 'link' | 'path';
}

/** A scheme (`https:`, `mailto:`): not a file of the repository, and never fetched here. */
const EXTERNAL = /^[a-z][a-z\d+.-]*:/i;

const INLINE_LINK = /!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;
const HTML_ATTRIBUTE = /<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']/gi;
const CODE_SPAN = /`([^`\n]+)`/g;
/** Inline code that reads as a relative path a reader would follow: `./x`, `../x`. */
const RELATIVE_PATH = /^\.\.?\/[\w@.+/-]*$/;

/**
 * The links of one markdown text, fenced code blocks left out. Inline code is not a link,
 * except a relative path (`../shared/spec/x.md`), which a reader follows all the same.
 */
export function linksOf(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(raw)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker.startsWith(fence)) fence = null;
      return;
    }
    if (fence !== null) return;
    const spans = [...raw.matchAll(CODE_SPAN)];
    for (const span of spans) {
      const content = span[1]?.trim() ?? '';
      if (RELATIVE_PATH.test(content)) links.push({ line, target: content, kind: 'path' });
    }
    // Links inside inline code are examples, not links.
    const prose = raw.replace(CODE_SPAN, (m) => ' '.repeat(m.length));
    const definition = REFERENCE_DEFINITION.exec(prose)?.[1];
    if (definition) links.push({ line, target: definition, kind: 'link' });
    for (const m of prose.matchAll(INLINE_LINK))
      links.push({ line, target: m[1] ?? '', kind: 'link' });
    for (const m of prose.matchAll(HTML_ATTRIBUTE))
      links.push({ line, target: m[1] ?? '', kind: 'link' });
  });
  return links.filter((l) => !EXTERNAL.test(l.target));
}

/**
 * The anchors GitHub gives a file's headings: the heading's text without markup, lower
 * case, punctuation but `-` and `_` dropped, spaces to `-`; a repeated one gets `-1`, `-2`.
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fence: string | null = null;
  for (const raw of text.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(raw)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker.startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const seen = counts.get(base) ?? 0;
    counts.set(base, seen + 1);
    anchors.add(seen === 0 ? base : `${base}-${seen}`);
  }
  return anchors;
}

/** Why a link of `file` (relative to `root`) does not resolve inside the repository, or null. */
export function brokenBecause(root: string, file: string, link: MarkdownLink): string | null {
  const [rawPath = '', anchor] = link.target.split('#', 2);
  const path = decodeURIComponent(rawPath);
  if (path.startsWith('/')) return 'an absolute path, which a clone does not resolve';
  const target = path === '' ? join(root, file) : resolve(root, dirname(file), path);
  if (target !== root && !target.startsWith(root + sep)) return 'it points outside the repository';
  if (!existsSync(target)) return 'no such file in the repository';
  if (anchor && target.endsWith('.md') && !statSync(target).isDirectory()) {
    if (!headingAnchors(readFileSync(target, 'utf8')).has(anchor.toLowerCase())) {
      return `no heading with the anchor #${anchor} in ${relative(root, target)}`;
    }
  }
  return null;
}
