/**
 * What every benchmark suite returns: rows of named figures in one unit, printed as a
 * table by `bench/run.ts` and written as JSON to `bench/results/<suite>.json`.
 */
export interface BenchRow {
  /** What was measured, as a person reads it in the table. */
  method: string;
  /** Number of samples behind the figures. */
  n: number;
  /** Figures in the result's unit, keyed by column (`p50`, `p95`, `p99`, `bytes`, …). */
  values: Record<string, number>;
  /** This row's headline figure divided by the baseline's; null where it means nothing. */
  ratio: number | null;
  /**
   * The conditions the issue sets on this row's figures ("must stay ≤ the frame rate"),
   * each judged: any that fails makes `npm run bench` exit non-zero.
   */
  verdicts?: Verdict[];
}

export interface Verdict {
  /** The condition as a person reads it in the table, e.g. `renders ≤ frame rate`. */
  condition: string;
  pass: boolean;
}

export interface BenchResult {
  /** File-name-safe id: the JSON lands in `bench/results/<suite>.json`. */
  suite: string;
  title: string;
  /** Unit of every figure in `values`: `ms`, `bytes`, `MB`, … */
  unit: string;
  /** Which keys of `values` the table shows, in order. */
  columns: string[];
  /** What `ratio` divides by, in words (e.g. "p50 of bare viem signTypedData"). */
  ratioOf: string | null;
  rows: BenchRow[];
  /** Anything a reader needs to trust the figures: warm-up, interleaving, caveats. */
  notes: string[];
  environment: BenchEnvironment;
  finishedAt: string;
}

export interface BenchEnvironment {
  node: string;
  platform: string;
  arch: string;
  cpu: string;
  cpus: number;
}

export interface SuiteOptions {
  /** Samples per measured method; each suite sets its own floor (none with `quick`). */
  n?: number;
  /**
   * A quick look (`--quick`): suites with a sample count fixed by the issue (≥ 200 clicks)
   * take fewer by default, and say so in their notes.
   */
  quick?: boolean;
  /** Duration of the long suites (worker memory), in minutes; each has its default. */
  minutes?: number;
}

/** One module per suite; `bench/run.ts` lists them. */
export interface BenchSuite {
  name: string;
  description: string;
  /** Takes minutes: left out by `--quick` (still part of a run with no arguments). */
  long?: boolean;
  run(options: SuiteOptions): Promise<BenchResult>;
}
