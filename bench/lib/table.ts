import type { BenchResult, BenchRow } from './result';

/** A row's judged conditions, e.g. `renders ≤ frame rate ✓ · 0 lost ✗`; '' when it has none. */
export function verdictText(row: BenchRow): string {
  return (row.verdicts ?? []).map((v) => `${v.condition} ${v.pass ? '✓' : '✗'}`).join(' · ');
}

/** Every condition that failed, as `suite: method: condition`. */
export function failedVerdicts(results: BenchResult[]): string[] {
  return results.flatMap((result) =>
    result.rows.flatMap((row) =>
      (row.verdicts ?? [])
        .filter((v) => !v.pass)
        .map((v) => `${result.suite}: ${row.method.trim()}: ${v.condition}`),
    ),
  );
}

const hasVerdicts = (results: BenchResult[]): boolean =>
  results.some((r) => r.rows.some((row) => (row.verdicts ?? []).length > 0));

function figure(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '–';
  if (Number.isInteger(value) && Math.abs(value) >= 1000) return value.toLocaleString('en-US');
  return value.toFixed(Math.abs(value) >= 100 ? 1 : 3);
}

/** The result as a plain-text table: method, n, the suite's columns, ratio. */
export function formatTable(result: BenchResult): string {
  const header = [
    'method',
    'n',
    ...result.columns.map((c) => (result.unit ? `${c} (${result.unit})` : c)),
    ...(result.ratioOf ? ['ratio'] : []),
  ];
  const judged = hasVerdicts([result]);
  if (judged) header.push('verdict');
  const body = result.rows.map((row) => [
    row.method,
    row.n.toLocaleString('en-US'),
    ...result.columns.map((c) => figure(row.values[c])),
    ...(result.ratioOf ? [row.ratio === null ? '–' : `${row.ratio.toFixed(2)}×`] : []),
    ...(judged ? [verdictText(row) || '–'] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const last = header.length - 1;
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || (judged && i === last)
          ? cell.padEnd(widths[i] ?? 0)
          : cell.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const lines = [result.title, rule, line(header), rule, ...body.map(line), rule];
  if (result.ratioOf) lines.push(`ratio: relative to ${result.ratioOf}`);
  if (judged) lines.push("verdict: the issue's conditions on these figures; a ✗ fails the run");
  for (const note of result.notes) lines.push(`note: ${note}`);
  const env = result.environment;
  lines.push(`on: Node ${env.node}, ${env.platform}/${env.arch}, ${env.cpus} × ${env.cpu}`);
  return lines.join('\n');
}

/**
 * Every suite's rows in one table: suite, method, n, up to three of its figures with
 * their unit, and the ratio with what it divides by in the suite's own table.
 */
export function formatSummary(results: BenchResult[]): string {
  const judged = hasVerdicts(results);
  const header = ['figure', 'method', 'n', 'figures', 'ratio', ...(judged ? ['verdict'] : [])];
  const body: string[][] = [];
  for (const result of results) {
    for (const row of result.rows) {
      const figures = result.columns
        .filter((c) => row.values[c] !== undefined && !Number.isNaN(row.values[c]))
        .slice(0, 4)
        .map((c) => `${c} ${figure(row.values[c])}${result.unit ? ` ${result.unit}` : ''}`)
        .join(' · ');
      body.push([
        result.suite,
        row.method.trim(),
        row.n.toLocaleString('en-US'),
        figures,
        row.ratio === null ? '–' : `${row.ratio.toFixed(2)}×`,
        ...(judged ? [verdictText(row)] : []),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 2 || i === 4 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [
    "All figures (each ratio as defined in its suite's table above)",
    rule,
    line(header),
    rule,
    ...body.map(line),
    rule,
  ].join('\n');
}
