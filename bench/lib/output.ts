import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './result';

/** `bench/results` (git-ignored). */
export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** Writes the figures to `bench/results/<suite>.json`; returns the path. */
export async function writeResult(result: BenchResult): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${result.suite}.json`);
  await writeFile(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}
