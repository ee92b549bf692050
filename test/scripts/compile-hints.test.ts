import type { OutputBundle, OutputChunk } from 'rollup';
import { describe, expect, it } from 'vitest';
import { EAGER_COMPILE_HINT, eagerCompile } from '../../scripts/lib/compile-hints';

const chunk = (fileName: string, code: string) =>
  ({ type: 'chunk', fileName, code }) as unknown as OutputChunk;

describe('eager compile hint', () => {
  it('marks the named scripts only, on their first line, after minification', () => {
    const bundle = {
      'panel-frame.js': chunk('panel-frame.js', '(function(){})();'),
      'background.js': chunk('background.js', 'var background=1;'),
      'assets/x.css': { type: 'asset', fileName: 'assets/x.css', source: 'a{}' },
    } as unknown as OutputBundle;
    const plugin = eagerCompile(['panel-frame.js']);
    expect(plugin.enforce).toBe('post');
    const hook = plugin.generateBundle as (options: unknown, bundle: OutputBundle) => void;
    hook.call({}, {}, bundle);
    expect((bundle['panel-frame.js'] as OutputChunk).code).toBe(
      `${EAGER_COMPILE_HINT}\n(function(){})();`,
    );
    expect((bundle['background.js'] as OutputChunk).code).toBe('var background=1;');
  });
});
