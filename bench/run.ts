/**
 * `npm run bench [-- <suite>… ] [--n <samples>] [--minutes <m>] [--quick] [--list]`: runs
 * the suites (all of them when none is named), prints one table each, then every figure
 * in one table, and writes the figures to `bench/results/<suite>.json`. A new suite is a
 * module exporting a `BenchSuite`, added to SUITES below. Never part of `npm test`.
 * Exits non-zero when a suite fails or a figure misses a condition the issue sets on it.
 */
import { relative } from 'node:path';
import { clickToWire } from './click-to-wire';
import { writeResult } from './lib/output';
import type { BenchResult, BenchSuite, SuiteOptions } from './lib/result';
import { failedVerdicts, formatSummary, formatTable } from './lib/table';
import { orderPipeline } from './order-pipeline';
import { panelPaint } from './panel-paint';
import { popupPaint } from './popup-paint';
import { sidepanelPaint } from './sidepanel-paint';
import { sizes } from './sizes';
import { socketIngest } from './socket-ingest';
import { workerMemory } from './worker-memory';

const SUITES: BenchSuite[] = [
  orderPipeline,
  sizes,
  clickToWire,
  popupPaint,
  sidepanelPaint,
  panelPaint,
  socketIngest,
  workerMemory,
];

const USAGE = `Usage: npm run bench -- [suite…] [options]
  suite…           run only these (npm run bench -- --list names them); default: all
  --quick          every verdict, sooner: leaves out the long suites (worker memory) unless
                   named, and takes fewer samples where no verdict needs them (click to
                   wire: 40 warm clicks, 20 cold, Firefox 20 and 10, instead of 200 each;
                   the popup: Firefox 20 openings instead of 40)
  --n N            samples per measured method (a suite's floor still holds, except
                   click to wire's with --quick)
  --minutes M      duration of the long suites (worker memory: 10)
  --list           the suites, one a line
  --help
Prints one table per suite and one of every figure, writes bench/results/<suite>.json, and
exits 1 when a suite fails or a figure misses one of the issue's conditions (verdict ✗).
The hot path's verdicts judge own parts over floors measured in the same run, and ratios
(bench/lib/own-part.ts); absolute figures are printed beside their floors, unjudged.`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

function positive(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} takes a positive number`);
  return n;
}

function parseArgs(argv: string[]): { names: string[]; options: SuiteOptions; quick: boolean } {
  const names: string[] = [];
  const options: SuiteOptions = {};
  let quick = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--n') {
      const n = positive(argv[++i], '--n');
      if (!Number.isInteger(n)) throw new Error('--n takes a positive whole number');
      options.n = n;
    } else if (arg === '--minutes') {
      options.minutes = positive(argv[++i], '--minutes');
    } else if (arg === '--quick') {
      quick = true;
      options.quick = true;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--list') {
      for (const s of SUITES) console.log(`${s.name.padEnd(20)} ${s.description}`);
      process.exit(0);
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown option ${arg}\n\n${USAGE}`);
    } else {
      names.push(arg);
    }
  }
  return { names, options, quick };
}

async function main(): Promise<void> {
  const { names, options, quick } = parseArgs(process.argv.slice(2));
  const unknown = names.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length > 0) {
    throw new Error(
      `unknown suite ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`,
    );
  }
  const chosen = (names.length > 0 ? SUITES.filter((s) => names.includes(s.name)) : SUITES).filter(
    (s) => !(quick && s.long && !names.includes(s.name)),
  );
  const results: BenchResult[] = [];
  const took: string[] = [];
  const runStart = performance.now();
  for (const suite of chosen) {
    console.log(`running ${suite.name} …`);
    const start = performance.now();
    const result = await suite.run(options);
    results.push(result);
    // Said so a quick run's budget (issue 34: every verdict within 6 minutes) can be checked.
    took.push(`${suite.name} ${seconds(performance.now() - start)}`);
    console.log(`\n${formatTable(result)}`);
    const path = await writeResult(result);
    console.log(`figures: ${relative(process.cwd(), path)}\n`);
  }
  if (results.length > 1) console.log(formatSummary(results));
  console.log(`took: ${took.join(' · ')}; all ${seconds(performance.now() - runStart)}`);
  const failed = failedVerdicts(results);
  if (failed.length > 0) {
    console.error(`\nbench: ${failed.length} condition(s) not met:`);
    for (const line of failed) console.error(`  ✗ ${line}`);
    process.exitCode = 1;
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  // Browsers, sockets and timers of the suites are closed; nothing should keep Node alive.
  .finally(() => setTimeout(() => process.exit(), 1_000).unref());
