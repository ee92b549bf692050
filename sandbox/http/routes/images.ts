import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../kit';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small deterministic SVG per market (or group): a coloured tile with initials. */
export function marketSvg(slug: string, title: string): string {
  let h = 0;
  for (let i = 0; i < slug.length; i++) h = (h * 31 + slug.charCodeAt(i)) >>> 0;
  const hue = h % 360;
  const initials = title
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="16" fill="hsl(${hue},55%,45%)"/><text x="48" y="58" font-family="sans-serif" font-size="32" text-anchor="middle" fill="#fff">${escapeXml(initials)}</text><title>${escapeXml(title)}</title></svg>`;
}

export function registerImageRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.get('/__sandbox/img/:file', { config: { public: true } }, async (req, reply) => {
    const { file } = req.params as { file: string };
    const slug = file.replace(/\.svg$/, '');
    const market = ctx.core.markets.bySlug(slug);
    const group = ctx.core.markets.groups().find((g) => g.slug === slug);
    const title = market?.title ?? group?.title;
    if (!title)
      return reply
        .code(404)
        .send({ message: 'No such image', error: 'Not Found', statusCode: 404 });
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(marketSvg(slug, title));
  });
}
