/** Text and attribute escaping for the server-rendered pages. */
export const esc = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON inside `<script type="application/json">`: `<` escaped so no tag can close it. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, ' ');

/** What every route renders: the status, the document title and the `<main>` element. */
export interface RenderedPage {
  status: number;
  title: string;
  /** The whole `<main id="app">…</main>`: swapped in place on single-page navigation. */
  main: string;
}

/** The full document around a page's `<main>`. */
export function documentHtml(page: RenderedPage, apiUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="sandbox-api" content="${esc(apiUrl)}">
<title>${esc(page.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/style.css">
</head>
<body>
<header class="topbar">
<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">◆</span> Sandbox Exchange</a>
<nav class="topnav" aria-label="Site"><a href="/">Markets</a></nav>
<span class="env-badge" title="A local exchange: nothing here is real money">Sandbox</span>
</header>
${page.main}
<footer class="site-footer">Sandbox exchange · prices are probabilities · nothing here is real money</footer>
<script src="/assets/socket.io.min.js"></script>
<script type="module" src="/assets/app.js"></script>
</body>
</html>
`;
}
