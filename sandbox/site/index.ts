import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxCore } from '../core/core';

export interface SiteOptions {
  core: SandboxCore;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** The API's address (the real site reads the public endpoints from the browser). */
  apiUrl: string;
}

export interface RunningSite {
  url: string;
  close(): Promise<void>;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeXml(title)}</title></head><body>${body}</body></html>`;

/**
 * A minimal placeholder market site: `/` lists the markets, `/markets/:slug` shows a
 * market's title. The market-site work replaces this module (same export).
 */
export function startSite(options: SiteOptions): Promise<RunningSite> {
  const { core } = options;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path === '/') {
      const items = core.markets
        .list()
        .map((m) => `<li><a href="/markets/${escapeXml(m.slug)}">${escapeXml(m.title)}</a></li>`)
        .join('');
      html(200, page('Sandbox markets', `<h1>Sandbox markets</h1><ul>${items}</ul>`));
      return;
    }
    const match = /^\/markets\/([^/]+)$/.exec(path);
    const market = match?.[1] ? core.markets.bySlug(decodeURIComponent(match[1])) : undefined;
    if (market) {
      html(
        200,
        page(market.title, `<h1>${escapeXml(market.title)}</h1><p><a href="/">All markets</a></p>`),
      );
      return;
    }
    html(404, page('Not found', '<h1>Not found</h1>'));
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
