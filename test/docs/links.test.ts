import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenBecause, headingAnchors, linksOf, markdownFiles } from './markdown-links';

const ROOT = resolve(import.meta.dirname, '..', '..');

describe('markdown links of the repository', () => {
  const files = markdownFiles(ROOT);

  it('finds the READMEs and the docs', () => {
    for (const file of [
      'README.md',
      'sandbox/README.md',
      'docs/architecture.md',
      'docs/decisions.md',
    ]) {
      expect(files).toContain(file);
    }
    expect(files).toContain(join('docs', 'exchange-api.md'));
  });

  it('every relative link, image and path resolves to a file inside the clone', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const link of linksOf(readFileSync(join(ROOT, file), 'utf8'))) {
        checked++;
        const why = brokenBecause(ROOT, file, link);
        if (why) broken.push(`${file}:${link.line}: ${link.target} (${why})`);
      }
    }
    expect(broken).toEqual([]);
    // The docs link their code: a checker that found no links would prove nothing.
    expect(checked).toBeGreaterThan(30);
  });
});

describe('the link checker', () => {
  const root = ROOT;

  it('refuses a path to the spec folder beside the repository (the sandbox README of old)', () => {
    const old = 'speaks the API of `../shared/spec/exchange-api.md`\nsee [spec](../../shared/x.md)';
    const links = linksOf(old);
    expect(links.map((l) => [l.line, l.target, l.kind])).toEqual([
      [1, '../shared/spec/exchange-api.md', 'path'],
      [2, '../../shared/x.md', 'link'],
    ]);
    const [inside, outside] = links;
    if (!inside || !outside) throw new Error('two links expected');
    expect(brokenBecause(root, 'sandbox/README.md', inside)).toBe('no such file in the repository');
    expect(brokenBecause(root, 'sandbox/README.md', outside)).toBe(
      'it points outside the repository',
    );
  });

  it('reads images, reference definitions and HTML, and skips code and external links', () => {
    const text = [
      '![shot](docs/images/panel-light.png) [a](https://example.com) [m](mailto:x@y.z)',
      '[ref]: ./sandbox/README.md',
      '<img src="docs/images/feed-light.png"> `lib/core/api/orders.ts` `[x](nowhere.md)`',
      '```md',
      '[inside a fence](nowhere.md)',
      '```',
      '[a [nested] text](README.md#market-companion "title")',
    ].join('\n');
    expect(linksOf(text).map((l) => l.target)).toEqual([
      'docs/images/panel-light.png',
      './sandbox/README.md',
      'docs/images/feed-light.png',
      'README.md#market-companion',
    ]);
  });

  it('checks anchors against the headings of the target', () => {
    const anchors = headingAnchors(
      '# Market Companion\n## Orders: `POST /orders`\n## Orders: `POST /orders`\n```\n# not a heading\n```',
    );
    expect([...anchors]).toEqual([
      'market-companion',
      'orders-post-orders',
      'orders-post-orders-1',
    ]);
    const link = (target: string) => ({ line: 1, target, kind: 'link' as const });
    expect(brokenBecause(root, 'README.md', link('docs/architecture.md#architecture'))).toBeNull();
    expect(brokenBecause(root, 'README.md', link('docs/architecture.md#no-such-part'))).toMatch(
      /no heading with the anchor #no-such-part/,
    );
    expect(brokenBecause(root, 'README.md', link('/docs/architecture.md'))).toMatch(/absolute/);
  });
});
