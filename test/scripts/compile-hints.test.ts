import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { EAGER_COMPILE_HINT, eagerCompile } from '../../scripts/lib/compile-hints';

const chunk = (fileName: string, code: string) =>
  ({ type: 'chunk', fileName, code }) as unknown as Rollup.OutputChunk;

describe('eager compile hint', () => {
  it('marks the named scripts only, on their first line, after minification', () => {
    const bundle = {
      'panel-frame.js': chunk('panel-frame.js', '(function(){})();'),
      'background.js': chunk('background.js', 'var background=1;'),
      'assets/x.css': { type: 'asset', fileName: 'assets/x.css', source: 'a{}' },
    } as unknown as Rollup.OutputBundle;
    const plugin = eagerCompile(['panel-frame.js']);
    expect(plugin.enforce).toBe('post');
    const hook = plugin.generateBundle as (options: unknown, bundle: Rollup.OutputBundle) => void;
    hook.call({}, {}, bundle);
    expect((bundle['panel-frame.js'] as Rollup.OutputChunk).code).toBe(
      `${EAGER_COMPILE_HINT}\n(function(){})();`,
    );
    expect((bundle['background.js'] as Rollup.OutputChunk).code).toBe('var background=1;');
  });
});
