/**
 * Sizes of what the extension ships: gzipped bytes of the content script (everything
 * injected into a page), the popup's JavaScript and the background's, each with its
 * largest modules. The extension is built by `wxt build` (production, the project's own
 * config) into a temporary directory with source maps on; the maps attribute every byte
 * of the output to the module it came from.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { benchEnvironment } from './lib/environment';
import type { BenchResult, BenchRow, BenchSuite } from './lib/result';
import { moduleName, textBySource } from './lib/source-map';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TOP_MODULES = 8;

const gzip = (text: string | Buffer): number => gzipSync(text, { level: 9 }).length;

/** `wxt build` with source maps into `outBase`; returns the Chrome output directory. */
async function buildWithMaps(outBase: string): Promise<string> {
  const script = `
    import { build } from 'wxt';
    await build({ root: ${JSON.stringify(ROOT)}, outDir: ${JSON.stringify(outBase)},
      vite: () => ({ build: { sourcemap: true } }) });
  `;
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`wxt build with source maps failed:\n${output}`)),
    );
  });
  return join(outBase, 'chrome-mv3');
}

interface Manifest {
  background?: { service_worker?: string };
  action?: { default_popup?: string };
  content_scripts?: { js?: string[]; css?: string[] }[];
}

/** JavaScript files a module statically imports (relative specifiers in the minified output). */
function importsOf(file: string, code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    if (match[1]) found.add(resolve(dirname(file), match[1]));
  }
  return [...found];
}

/** The popup page's scripts and everything they import statically. */
function popupScripts(dir: string, html: string): string[] {
  const start = [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
    ),
  ]
    .map((m) => m[1])
    .filter((s): s is string => typeof s === 'string')
    .map((s) => join(dir, s.replace(/^\//, '')));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file, readFileSync(file, 'utf8')));
  }
  return [...seen];
}

interface BundleFigures {
  label: string;
  files: string[];
  raw: number;
  gzip: number;
  modules: { name: string; raw: number; gzip: number }[];
}

const withoutMapComment = (code: string) => code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');

function measure(dir: string, label: string, files: string[]): BundleFigures {
  let raw = 0;
  let gz = 0;
  const byModule = new Map<string, string[]>();
  for (const file of files) {
    const isCss = file.endsWith('.css');
    const code = withoutMapComment(readFileSync(file, 'utf8'));
    raw += Buffer.byteLength(code);
    gz += gzip(code);
    const mapFile = `${file}.map`;
    if (isCss || !existsSync(mapFile)) {
      const name = isCss
        ? `(stylesheet ${relative(dir, file)})`
        : `(no map: ${relative(dir, file)})`;
      byModule.set(name, [...(byModule.get(name) ?? []), code]);
      continue;
    }
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    for (const [source, parts] of textBySource(code, map)) {
      // Sources are relative to the map's folder (a temporary one): make them the repo's paths.
      const name = moduleName(source === null ? null : resolve(dirname(mapFile), source), ROOT);
      byModule.set(name, [...(byModule.get(name) ?? []), ...parts]);
    }
  }
  const modules = [...byModule.entries()]
    .map(([name, parts]) => {
      const text = parts.join('');
      return { name, raw: Buffer.byteLength(text), gzip: gzip(text) };
    })
    .sort((a, b) => b.raw - a.raw);
  return { label, files: files.map((f) => relative(dir, f)), raw, gzip: gz, modules };
}

const RUNTIME_CONTENT_SCRIPT = 'content-scripts/market.js';
/** Chromium's page panel: the content script above only frames it. */
const PANEL_FRAME_HTML = 'panel-frame.html';
/** The issue's budget for everything a market page loads, gzipped. */
const CONTENT_SCRIPT_BUDGET = 12 * 1024;

async function run(): Promise<BenchResult> {
  const outBase = mkdtempSync(join(tmpdir(), 'mc-bench-sizes-'));
  try {
    const dir = await buildWithMaps(outBase);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    // A store build declares no content script: it registers the same file at runtime on
    // the sites the user granted (lib/background/site-scripts.ts).
    const declared = (manifest.content_scripts ?? []).flatMap((c) => [
      ...(c.js ?? []),
      ...(c.css ?? []),
    ]);
    const injected = [...new Set(declared.length > 0 ? declared : [RUNTIME_CONTENT_SCRIPT])].map(
      (f) => join(dir, f),
    );
    const popupHtml = manifest.action?.default_popup;
    if (!popupHtml || !manifest.background?.service_worker || injected.length === 0) {
      throw new Error('the built manifest lacks a popup, a background worker or a content script');
    }
    const background = join(dir, manifest.background.service_worker);
    const bundles = [
      measure(dir, 'content script (everything injected into a page)', injected),
      measure(
        dir,
        "page panel's frame (an extension page in the market page's tab; not the page's)",
        popupScripts(dir, readFileSync(join(dir, PANEL_FRAME_HTML), 'utf8')),
      ),
      measure(
        dir,
        "popup's JavaScript",
        popupScripts(dir, readFileSync(join(dir, popupHtml), 'utf8')),
      ),
      measure(dir, "background's JavaScript", [
        background,
        ...importsOf(background, readFileSync(background, 'utf8')),
      ]),
    ];

    const rows: BenchRow[] = [];
    for (const [index, b] of bundles.entries()) {
      rows.push({
        method: `${b.label}: ${b.files.join(' + ')}`,
        n: b.files.length,
        values: { gzip: b.gzip, raw: b.raw },
        ratio: 1,
        ...(index === 0
          ? {
              verdicts: [{ condition: 'gzip ≤ 12 KB', pass: b.gzip <= CONTENT_SCRIPT_BUDGET }],
            }
          : {}),
      });
      for (const m of b.modules.slice(0, TOP_MODULES)) {
        rows.push({
          method: `  ${m.name}`,
          n: 1,
          values: { gzip: m.gzip, raw: m.raw },
          ratio: m.raw / b.raw,
        });
      }
    }
    return {
      suite: 'sizes',
      title: 'Sizes: what the extension ships (Chrome MV3 production build)',
      unit: 'bytes',
      columns: ['gzip', 'raw'],
      ratioOf: "the module's share of its bundle's minified bytes",
      rows,
      notes: [
        "built with the project's wxt config plus build.sourcemap, into a temporary directory; the trailing sourceMappingURL comment is not counted",
        `a bundle's gzip is the sum of its files, each gzipped alone (level 9), as each is loaded on its own; a module's gzip is its own bytes gzipped alone (more than its share of the bundle's)`,
        `modules: the project's files by path, node_modules by package; the ${TOP_MODULES} largest of each bundle by minified bytes, attributed through the source maps`,
        `the popup's JavaScript is the scripts popup.html loads and everything they import statically (the popup's and the panel frame's styles are inside their one script each, so they count there); the panel's frame is counted the same way from panel-frame.html`,
        `on Chromium the content script is a loader that frames the panel (a web-accessible extension page behind a per-session dynamic URL): the page can read neither the panel's code nor what it shows; Firefox keeps the panel in the page (no IntersectionObserver v2 to guard a frame)`,
      ],
      environment: benchEnvironment(),
      finishedAt: new Date().toISOString(),
    };
  } finally {
    rmSync(outBase, { recursive: true, force: true });
  }
}

export const sizes: BenchSuite = {
  name: 'sizes',
  description: 'gzipped content script, popup and background, with their largest modules',
  run,
};
