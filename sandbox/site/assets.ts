import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Asset {
  type: string;
  body: Buffer;
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The browser's files: the page script and styles next to this module, and the Socket.IO
 * browser client from the installed `socket.io-client` (the API's Socket.IO server does
 * not serve its client).
 */
export async function loadAssets(): Promise<Map<string, Asset>> {
  const require = createRequire(import.meta.url);
  const ioDir = dirname(require.resolve('socket.io-client/package.json'));
  const files: [string, string, string][] = [
    ['/assets/app.js', join(here, 'static', 'app.js'), 'text/javascript; charset=utf-8'],
    ['/assets/style.css', join(here, 'static', 'style.css'), 'text/css; charset=utf-8'],
    [
      '/assets/socket.io.min.js',
      join(ioDir, 'dist', 'socket.io.min.js'),
      'text/javascript; charset=utf-8',
    ],
  ];
  const assets = new Map<string, Asset>();
  for (const [path, file, type] of files) assets.set(path, { type, body: await readFile(file) });
  return assets;
}
