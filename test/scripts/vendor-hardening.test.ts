import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardenVendorCode } from '../../scripts/lib/vendor-hardening';

const root = join(import.meta.dirname, '../..');
const vendor = (path: string) => join(root, 'node_modules', path);
const read = (path: string) => readFileSync(path, 'utf8');

describe('vendor hardening, on the installed versions', () => {
  it("takes zod's Function constructor out of each module that uses it", () => {
    for (const name of ['util', 'doc', 'compile']) {
      const id = vendor(`zod/v4/core/${name}.js`);
      const before = read(id);
      expect(before, name).toContain('const F = Function;');
      const after = hardenVendorCode(id, before) ?? '';
      expect(after, name).not.toMatch(/=\s*Function\b/);
      expect(after, name).toContain('code generation is disabled in this extension');
    }
  });

  it("takes Preact's innerHTML write out of both of its builds, and keeps the clearing", () => {
    for (const file of ['preact.module.js', 'preact.mjs']) {
      const id = vendor(`preact/dist/${file}`);
      const after = hardenVendorCode(id, read(id)) ?? '';
      expect(after, file).not.toMatch(/\.innerHTML=\w+\.__html/);
      expect(after, file).toContain('.innerHTML=""');
      expect(after, file).toContain('dangerouslySetInnerHTML is disabled in this extension');
    }
  });

  it("engine.io-client's global-object fallback becomes globalThis", () => {
    const id = vendor('engine.io-client/build/esm/globals.js');
    const after = hardenVendorCode(id, read(id)) ?? '';
    expect(after).not.toContain('Function(');
    expect(after).toContain('return globalThis;');
  });

  it("zod's stand-in for the constructor throws EvalError, as under a strict CSP", () => {
    const throwing = hardenVendorCode(
      vendor('zod/v4/core/doc.js'),
      read(vendor('zod/v4/core/doc.js')),
    );
    const F = new Function(`return ${/const F = (.*);/.exec(throwing ?? '')?.[1]}`)();
    expect(() => new F('')).toThrow(EvalError);
  });

  it('fails loudly when a rewrite no longer matches (a dependency update changed the code)', () => {
    expect(() => hardenVendorCode(vendor('zod/v4/core/doc.js'), 'nothing to see')).toThrow(
      /no longer matches/,
    );
  });

  it('leaves every other module alone', () => {
    expect(hardenVendorCode(join(root, 'lib/core/api/no-eval.ts'), 'x.innerHTML=y.__html')).toBe(
      null,
    );
  });
});
