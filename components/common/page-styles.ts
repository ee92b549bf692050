const added = new Set<string>();

/**
 * Adds `css` to the extension page's document in a `<style>` of its own, once however often
 * it is asked: a page's styles ship inside its script (no stylesheet to fetch before the
 * first paint), and a part drawn later brings its own when it first renders.
 */
export function addPageStyles(css: string): void {
  if (added.has(css)) return;
  added.add(css);
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}
