import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Each layer rule of .dependency-cruiser.cjs must fire on a deliberate bad import. The
 * rules are paths relative to the tree being cruised, so a small tree in a temporary
 * folder, laid out like ours, gets one offending import per rule and is cruised with the
 * project's own config and runner (scripts/lint-deps.mjs).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** rule name → the files of a tree that breaks exactly that rule. */
const BAD: Record<string, Record<string, string>> = {
  'no-cycle': {
    'lib/core/a.ts': "import type { B } from './b';\nexport type A = B[];\n",
    'lib/core/b.ts': "import type { A } from './a';\nexport type B = { a: A };\n",
  },
  'core-is-a-leaf': {
    'lib/core/x.ts': "import { v } from '../protocol/v';\nexport const x = v;\n",
    'lib/protocol/v.ts': 'export const v = 1;\n',
  },
  'core-is-a-leaf (extension APIs)': {
    'lib/core/x.ts': "import { browser } from 'wxt/browser';\nexport const x = browser;\n",
  },
  'protocol-on-core-only': {
    'lib/protocol/m.ts': "import { d } from '../desk/d';\nexport const m = d;\n",
    'lib/desk/d.ts': 'export const d = 1;\n',
  },
  'lib-below-ui': {
    'lib/desk/d.ts': "import { c } from '../../components/common/c';\nexport const d = c;\n",
    'components/common/c.ts': 'export const c = 1;\n',
  },
  'storage-on-core-and-protocol': {
    'lib/storage/s.ts': "import { v } from '../vault/v';\nexport const s = v;\n",
    'lib/vault/v.ts': 'export const v = 1;\n',
  },
  'features-on-protocol-and-core': {
    'components/popup/p.ts': "import { v } from '../../lib/vault/v';\nexport const p = v;\n",
    'lib/vault/v.ts': 'export const v = 1;\n',
  },
  'features-on-protocol-and-core (client internals)': {
    'components/options/o.ts':
      "import { h } from '../../lib/core/client/hmac';\nexport const o = h;\n",
    'lib/core/client/hmac.ts': 'export const h = 1;\n',
  },
  'popup-stays-in-its-folder': {
    'components/popup/p.ts': "import { q } from '../panel/q';\nexport const p = q;\n",
    'components/panel/q.ts': 'export const q = 1;\n',
  },
  'position-badges-stays-in-its-folder': {
    'components/position-badges/b.ts': "import { q } from '../panel/q';\nexport const b = q;\n",
    'components/panel/q.ts': 'export const q = 1;\n',
  },
  'common-serves-every-feature': {
    'components/common/c.ts': "import { q } from '../panel/q';\nexport const c = q;\n",
    'components/panel/q.ts': 'export const q = 1;\n',
  },
  'content-script-is-light': {
    'entrypoints/market.content/index.ts':
      "import { w } from '../../components/panel/w';\nexport default w;\n",
    'components/panel/w.ts': "import { keccak256 } from 'viem';\nexport const w = keccak256;\n",
  },
  'panel-loader-is-tiny': {
    'entrypoints/market.content/index.ts':
      "import { l } from '../../components/panel/l';\nexport default l;\n",
    'components/panel/l.ts': "import { P } from './ui/P';\nexport const l = P;\n",
    'components/panel/ui/P.ts': 'export const P = 1;\n',
  },
  'sandbox-without-the-extension': {
    'sandbox/s.ts': "import { m } from '../lib/protocol/m';\nexport const s = m;\n",
    'lib/protocol/m.ts': 'export const m = 1;\n',
  },
  'nothing-imports-an-entrypoint': {
    'lib/desk/d.ts': "import { e } from '../../entrypoints/popup/e';\nexport const d = e;\n",
    'entrypoints/popup/e.ts': 'export const e = 1;\n',
  },
};

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'layer-rules-'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function violations(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(base, 'tree-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: {} }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const out = await run(
    process.execPath,
    [join(ROOT, 'scripts/lint-deps.mjs'), '--output-type', 'json'],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const result = JSON.parse(out.stdout) as {
    summary: { violations: { rule: { name: string } }[] };
  };
  return result.summary.violations.map((v) => v.rule.name);
}

describe('the layer rules', () => {
  for (const [rule, files] of Object.entries(BAD)) {
    const name = rule.replace(/ \(.*\)$/, '');
    it(`${rule}: a deliberate bad import is reported`, async () => {
      expect(await violations(files)).toContain(name);
    });
  }

  it('a tree that keeps the layers is clean', async () => {
    expect(
      await violations({
        'lib/core/a.ts': 'export const a = 1;\n',
        'lib/protocol/m.ts': "import { a } from '../core/a';\nexport const m = a;\n",
        'components/popup/p.ts': "import { m } from '../../lib/protocol/m';\nexport const p = m;\n",
        'entrypoints/popup/main.ts':
          "import { p } from '../../components/popup/p';\nexport default p;\n",
      }),
    ).toEqual([]);
  });
});
