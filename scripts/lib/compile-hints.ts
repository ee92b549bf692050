import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file up front. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the panel frame's script (`panel-frame.js`) for eager compilation. Its functions all
 * run in the first render, and V8 otherwise compiles each lazily on the main thread the
 * first time it is called; marked, the whole file is compiled while it streams in, off the
 * main thread. Only this script: the background's and the popup's code is mostly not run at
 * start, where compiling all of it would cost more than it saves. Added after
 * minification (which would drop the comment); browsers without the hint read a comment.
 */
export function eagerCompile(fileNames: readonly string[]): Plugin {
  return {
    name: 'market-companion:eager-compile',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && fileNames.includes(file.fileName)) {
          file.code = `${EAGER_COMPILE_HINT}\n${file.code}`;
        }
      }
    },
  };
}
