import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxCore } from '../core/core';
import { hostAllowed, wrongHost } from '../http/guard';
import { loadAssets } from './assets';
import { documentHtml } from './html';
import { renderPath } from './pages';

export interface SiteOptions {
  core: SandboxCore;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** The API's address: the pages read the public endpoints and the socket from the browser. */
  apiUrl: string;
}

export interface RunningSite {
  url: string;
  close(): Promise<void>;
}

/**
 * The exchange's web site, as a single-page app: `/` lists the markets, `/markets/:slug`
 * is a market page (prices, live price, order book, trade form), anything else is a 404
 * page. Pages are rendered here; the browser script swaps `<main id="app">` on navigation
 * (`GET /partials?path=…`, `history.pushState`) and follows the books over Socket.IO.
 */
export async function startSite(options: SiteOptions): Promise<RunningSite> {
  const { core, apiUrl } = options;
  const assets = await loadAssets();

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  };

  const server = createServer((req, res) => {
    if (!hostAllowed(req.headers.host)) {
      send(res, 421, 'text/plain; charset=utf-8', wrongHost(req.headers.host).message);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
      return;
    }
    const asset = assets.get(url.pathname);
    if (asset) {
      send(res, 200, asset.type, asset.body);
      return;
    }
    if (url.pathname === '/partials') {
      const page = renderPath(core, url.searchParams.get('path') ?? '/');
      send(
        res,
        200,
        'application/json; charset=utf-8',
        JSON.stringify({ status: page.status, title: page.title, html: page.main }),
      );
      return;
    }
    const page = renderPath(core, url.pathname);
    send(res, page.status, 'text/html; charset=utf-8', documentHtml(page, apiUrl));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
