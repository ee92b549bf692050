import { Rng } from '../../sandbox/core/rng';

/** Values a hostile or broken server (or page) might put anywhere. */
const HOSTILE: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  1e21,
  -1e21,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  '0',
  '-1',
  '1e3',
  '0x10',
  '12abc',
  'NaN',
  'Infinity',
  '99999999999999999999999999999999999999',
  '0.1.2',
  '\u0000',
  '<script>alert(1)</script>',
  '__proto__',
  'x'.repeat(5_000),
  [],
  [null],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  { toString: 'not a function', valueOf: 7 },
];

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function randomValue(rng: Rng, depth = 0): unknown {
  const roll = rng.int(0, 9);
  if (roll < 6 || depth > 2) {
    // A copy: later edits must not change the shared list (nor make a cycle through it).
    const picked = rng.pick(HOSTILE);
    return picked && typeof picked === 'object' ? clone(picked) : picked;
  }
  if (roll < 8) return Array.from({ length: rng.int(0, 3) }, () => randomValue(rng, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = rng.int(0, 3); i > 0; i--)
    out[rng.pick(['a', 'id', 'message', 'x'])] = randomValue(rng, depth + 1);
  return out;
}

/** Every path to a value inside `value` (objects and arrays), the root included. */
function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) paths(v, [...at, i], out);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function get(root: unknown, path: (string | number)[]): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string | number, unknown>)?.[key];
  return node;
}

function set(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = get(root, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1] as string | number;
  if (parent && typeof parent === 'object') parent[key] = value;
  return root;
}

function remove(root: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return undefined;
  const parent = get(root, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[key];
  return root;
}

/** The same leaf with its type changed the way servers get it wrong (number ↔ string, …). */
function retype(value: unknown, rng: Rng): unknown {
  if (typeof value === 'number')
    return rng.pick([String(value), -value, value + 0.5, value * 1e20, null]);
  if (typeof value === 'string') {
    const n = Number(value);
    return rng.pick([
      Number.isNaN(n) ? value.length : n,
      `${value}x`,
      value.slice(0, -1),
      '',
      null,
    ]);
  }
  if (typeof value === 'boolean') return rng.pick([String(value), Number(value), null]);
  if (value === null) return rng.pick([0, '', 'null', {}]);
  if (Array.isArray(value)) return rng.pick([{}, value.length, [...value, ...value], null]);
  return rng.pick([[], 'object', null]);
}

/**
 * A seeded mutation of a realistic JSON value: 1–4 edits (delete a key, replace a value
 * with a hostile one, change a leaf's type, add a key), or, now and then, broken JSON text.
 * Returns the body text to serve.
 */
export function mutatedText(base: unknown, seed: number): string {
  const rng = new Rng(seed);
  if (rng.int(0, 19) === 0) {
    const text = JSON.stringify(base);
    return rng.pick([
      text.slice(0, rng.int(0, text.length - 1)),
      `${text}}`,
      text.replace(/"/, "'"),
      '',
      'null',
      '<html>502 Bad Gateway</html>',
    ]);
  }
  let value = clone(base);
  for (let edits = rng.int(1, 4); edits > 0; edits--) {
    const all = paths(value);
    const path = rng.pick(all);
    const action = rng.int(0, 3);
    if (action === 0) value = remove(value, path);
    else if (action === 1) value = set(value, path, randomValue(rng));
    else if (action === 2) value = set(value, path, retype(get(value, path), rng));
    else {
      const target = get(value, path);
      if (target && typeof target === 'object' && !Array.isArray(target)) {
        (target as Record<string, unknown>)[rng.pick(['extra', '__proto__', 'constructor', 'id'])] =
          randomValue(rng);
      }
    }
  }
  const text = JSON.stringify(value);
  return text === undefined ? '' : text;
}

/** A seeded hostile or mutated payload for a message (the valid one itself now and then). */
export function mutatedPayload(valid: unknown, seed: number): unknown {
  const rng = new Rng(seed);
  const roll = rng.int(0, 9);
  if (roll === 0) return clone(valid);
  if (roll === 1) return randomValue(rng);
  const text = mutatedText(valid, seed + 1);
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}
