/**
 * `npm run bench [-- <suite>… ] [--n <samples>]`: runs the suites, prints one table each
 * and writes the figures to `bench/results/<suite>.json`. A new suite is a module
 * exporting a `BenchSuite`, added to SUITES below. Never part of `npm test`.
 */
import { relative } from 'node:path';
import { clickToWire } from './click-to-wire';
import { writeResult } from './lib/output';
import type { BenchSuite, SuiteOptions } from './lib/result';
import { formatTable } from './lib/table';
import { orderPipeline } from './order-pipeline';
import { popupPaint } from './popup-paint';
import { sizes } from './sizes';

const SUITES: BenchSuite[] = [orderPipeline, sizes, clickToWire, popupPaint];

function parseArgs(argv: string[]): { names: string[]; options: SuiteOptions } {
  const names: string[] = [];
  const options: SuiteOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--n') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n <= 0) throw new Error('--n takes a positive whole number');
      options.n = n;
    } else if (arg === '--list') {
      for (const s of SUITES) console.log(`${s.name.padEnd(20)} ${s.description}`);
      process.exit(0);
    } else {
      names.push(arg);
    }
  }
  return { names, options };
}

async function main(): Promise<void> {
  const { names, options } = parseArgs(process.argv.slice(2));
  const unknown = names.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length > 0) {
    throw new Error(
      `unknown suite ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`,
    );
  }
  const chosen = names.length > 0 ? SUITES.filter((s) => names.includes(s.name)) : SUITES;
  for (const suite of chosen) {
    console.log(`running ${suite.name} …`);
    const result = await suite.run(options);
    console.log(`\n${formatTable(result)}`);
    const path = await writeResult(result);
    console.log(`figures: ${relative(process.cwd(), path)}\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
