// Runs dependency-cruiser with the rules in .dependency-cruiser.cjs.
// It reads TypeScript through the compiler API, which TypeScript 7 (our `tsc`) no longer
// ships: its `typescript` is pointed at the 5.x copy installed as `typescript5`, for this
// process only (both its version check, a require, and its import).
import Module, { register } from 'node:module';

const redirect = (request) =>
  request === 'typescript' || request.startsWith('typescript/')
    ? request.replace(/^typescript/, 'typescript5')
    : request;
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, redirect(request), ...rest);
};
register(
  `data:text/javascript,${encodeURIComponent(
    `export async function resolve(s, c, next) { return next(s === 'typescript' || s.startsWith('typescript/') ? s.replace(/^typescript/, 'typescript5') : s, c); }`,
  )}`,
  import.meta.url,
);

import { existsSync } from 'node:fs';

// Run from another folder (the layer-rule test does), it cruises that folder's tree.
const targets = ['lib', 'components', 'entrypoints', 'sandbox', 'wxt.config.ts'].filter((t) =>
  existsSync(t),
);
process.argv = [
  process.argv[0],
  'depcruise',
  ...targets,
  '--config',
  new URL('../.dependency-cruiser.cjs', import.meta.url).pathname,
  ...process.argv.slice(2),
];
await import(
  new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url).href
);
