import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_DIGEST_FILE } from '../../scripts/lib/ui-digest';

const ROOT = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);

/** npm's own commands the README may name, beside the package's scripts. */
const NPM_COMMANDS = new Set(['install', 'ci']);

/** Every `npm …` the README tells a reader to run, in code blocks or inline code. */
function npmCommands(text: string): string[] {
  const code = [...text.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  const found = new Set<string>();
  for (const snippet of code) {
    for (const m of snippet.matchAll(/\bnpm (run )?([a-z][\w:-]*)/g)) {
      const name = m[2] ?? '';
      found.add(m[1] ? name : NPM_COMMANDS.has(name) ? `npm ${name}` : name);
    }
  }
  return [...found];
}

describe('README commands', () => {
  const commands = npmCommands(readme);

  it('names the two set-up commands of a fresh clone', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm install && npm test');
  });

  it('every npm command it names exists in package.json', () => {
    expect(commands.length).toBeGreaterThan(10);
    const missing = commands.filter((c) => !c.startsWith('npm ') && !scripts.includes(c));
    expect(missing).toEqual([]);
  });
});

describe('README pictures', () => {
  const dir = join(ROOT, 'docs', 'images');
  const shown = [...readme.matchAll(/\]\((docs\/images\/[^)]+)\)/g)].map((m) => m[1] ?? '');

  it('shows exactly the pictures npm run screenshots keeps in docs/images, under 400 KB in all', () => {
    // Beside them, the digest of the UI they show (test/docs/screenshots-digest.test.ts).
    const files = readdirSync(dir)
      .map((f) => `docs/images/${f}`)
      .filter((f) => f !== UI_DIGEST_FILE);
    expect([...new Set(shown)].sort()).toEqual(files.sort());
    const bytes = files.reduce((sum, f) => sum + statSync(join(ROOT, f)).size, 0);
    expect(bytes).toBeLessThan(400 * 1024);
  });
});
