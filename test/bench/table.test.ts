import { describe, expect, it } from 'vitest';
import type { BenchResult, BenchRow } from '../../bench/lib/result';
import { failedVerdicts, formatSummary, formatTable } from '../../bench/lib/table';

const row = (method: string, verdicts?: BenchRow['verdicts']): BenchRow => ({
  method,
  n: 10,
  values: { 'per s': 1_000 },
  ratio: 1,
  ...(verdicts ? { verdicts } : {}),
});

const result = (suite: string, rows: BenchRow[]): BenchResult => ({
  suite,
  title: `${suite} title`,
  unit: '',
  columns: ['per s'],
  ratioOf: 'what was offered',
  rows,
  notes: [],
  environment: { node: '20', platform: 'linux', arch: 'x64', cpu: 'cpu', cpus: 2 },
  finishedAt: '2030-01-01T00:00:00.000Z',
});

describe('bench verdicts', () => {
  const judged = result('socket-ingest', [
    row('order books', [
      { condition: 'popup renders ≤ frame rate', pass: true },
      { condition: 'panel renders ≤ frame rate', pass: false },
    ]),
    row('order events', [{ condition: '0 lost', pass: true }]),
  ]);

  it('shows each condition of a row as ✓ or ✗ in a verdict column', () => {
    const table = formatTable(judged);
    const lines = table.split('\n');
    expect(lines.find((l) => l.startsWith('method'))).toMatch(/ratio\s+verdict$/);
    expect(lines.find((l) => l.startsWith('order books'))).toMatch(
      /popup renders ≤ frame rate ✓ · panel renders ≤ frame rate ✗\s*$/,
    );
    expect(lines.find((l) => l.startsWith('order events'))).toMatch(/0 lost ✓\s*$/);
    expect(table).toContain('a ✗ fails the run');
    expect(formatSummary([judged])).toContain('panel renders ≤ frame rate ✗');
  });

  it('lists every failed condition as suite: method: condition, and only those', () => {
    expect(failedVerdicts([judged, result('sizes', [row('popup.js')])])).toEqual([
      'socket-ingest: order books: panel renders ≤ frame rate',
    ]);
    expect(failedVerdicts([result('sizes', [row('popup.js')])])).toEqual([]);
  });

  it('leaves tables without conditions as they were (no verdict column)', () => {
    const table = formatTable(result('sizes', [row('popup.js')]));
    expect(table).not.toContain('verdict');
    expect(formatSummary([result('sizes', [row('popup.js')])])).not.toContain('verdict');
  });
});
