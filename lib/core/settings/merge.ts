import { z } from 'zod';
import { DEFAULT_SETTINGS } from './defaults';
import { isRecord } from './migrations';
import { Settings } from './schema';

const Loose = z.record(z.string(), z.unknown());
type Path = readonly PropertyKey[];

function mergeObjects(base: Record<string, unknown>, over: unknown): Record<string, unknown> {
  const overrides = Loose.safeParse(over);
  if (!overrides.success) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides.data)) {
    if (!(key in base)) continue;
    const baseValue = base[key];
    out[key] = isRecord(baseValue) ? mergeObjects(baseValue, value) : value;
  }
  return out;
}

/** Replaced whole when any part is wrong: half a custom exchange and half the sandbox is neither. */
const WHOLE_SECTIONS = new Set<PropertyKey>(['exchange']);
/** Each round fixes every reported issue; a fix can only reveal issues deeper in the same value. */
const MAX_REPAIR_ROUNDS = 5;

type Repair = { kind: 'reset'; path: Path } | { kind: 'drop'; list: Path; index: number };

/**
 * The smallest fix for one schema issue: a bad element of a list is dropped (the other
 * sites or presets stay), anything else takes its default at the deepest path the
 * defaults know.
 */
function repairFor(path: Path): Repair {
  let node: unknown = DEFAULT_SETTINGS;
  for (let i = 0; i < path.length; i++) {
    const key = path[i] as PropertyKey;
    if (i === 0 && WHOLE_SECTIONS.has(key)) return { kind: 'reset', path: [key] };
    if (Array.isArray(node)) {
      return typeof key === 'number'
        ? { kind: 'drop', list: path.slice(0, i), index: key }
        : { kind: 'reset', path: path.slice(0, i) };
    }
    if (!isRecord(node) || typeof key !== 'string' || !(key in node)) {
      return { kind: 'reset', path: path.slice(0, i) };
    }
    node = node[key];
  }
  return { kind: 'reset', path };
}

function at(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) {
    node =
      isRecord(node) || Array.isArray(node)
        ? (node as Record<PropertyKey, unknown>)[key]
        : undefined;
  }
  return node;
}

function setAt(root: Record<string, unknown>, path: Path, value: unknown): void {
  const parent = at(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (key !== undefined && (isRecord(parent) || Array.isArray(parent))) {
    (parent as Record<PropertyKey, unknown>)[key] = value;
  }
}

function repaired(
  candidate: Record<string, unknown>,
  issues: readonly { path: Path }[],
): Record<string, unknown> | null {
  const fixes = issues.map((issue) => repairFor(issue.path));
  if (fixes.some((f) => f.kind === 'reset' && f.path.length === 0)) return null;
  const next = structuredClone(candidate);
  // Dropped elements first, highest index first, so the other indices still hold; then
  // resets, which may replace a whole list.
  const drops = fixes
    .filter((f): f is Extract<Repair, { kind: 'drop' }> => f.kind === 'drop')
    .sort((a, b) => b.index - a.index);
  const dropped = new Set<string>();
  for (const drop of drops) {
    const key = JSON.stringify([drop.list.map(String), drop.index]);
    const list = at(next, drop.list);
    if (dropped.has(key) || !Array.isArray(list)) continue;
    dropped.add(key);
    list.splice(drop.index, 1);
  }
  for (const fix of fixes) {
    if (fix.kind === 'reset')
      setAt(next, fix.path, structuredClone(at(DEFAULT_SETTINGS, fix.path)));
  }
  return next;
}

/**
 * Stored (or imported) settings over the defaults, key by key: a missing key takes its
 * default, an unknown key is dropped, and a value that breaks the schema falls back to
 * its own default (a bad list element is dropped) rather than losing its neighbours.
 */
export function mergeSettings(stored: unknown): Settings {
  let candidate: Record<string, unknown> | null = mergeObjects(
    DEFAULT_SETTINGS as unknown as Record<string, unknown>,
    stored,
  );
  for (let round = 0; candidate && round <= MAX_REPAIR_ROUNDS; round++) {
    const parsed = Settings.safeParse(candidate);
    if (parsed.success) return parsed.data;
    candidate = repaired(candidate, parsed.error.issues);
  }
  return structuredClone(DEFAULT_SETTINGS);
}
