import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { globalConfig } from 'zod/v4/core';

const ROOT = join(import.meta.dirname, '..', '..');
// The entrypoints that carry zod. The popup and the page panel carry none (the background
// parsed what they receive): test/e2e/harness/bundle.test.ts checks their built scripts.
const ENTRYPOINTS = ['entrypoints/background/index.ts', 'entrypoints/options/main.tsx'];

describe('no eval in extension pages', () => {
  it.each(ENTRYPOINTS)('%s imports the jitless zod config before anything else', (file) => {
    const firstImport = readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('import '));
    expect(firstImport).toBe("import '../../lib/core/api/no-eval';");
  });

  it('which turns the JIT (and its `new Function` probe) off', async () => {
    await import('../../lib/core/api/no-eval');
    expect(globalConfig.jitless).toBe(true);
  });
});
