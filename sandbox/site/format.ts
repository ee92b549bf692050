/** Display formats of the server-rendered pages (the browser script has its own twins). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Thousandths of a dollar as cents: `625n` → `62.5¢`. */
export function cents(millis: bigint): string {
  const whole = millis / 10n;
  const tenth = millis % 10n;
  return `${whole}${tenth === 0n ? '' : `.${tenth}`}¢`;
}

/** Thousandths as a percentage chance: `625n` → `62.5%`. */
export function percent(millis: bigint): string {
  return cents(millis).replace('¢', '%');
}

/** `2030-12-31T23:59:59.000Z` → `Dec 31, 2030` (UTC, so pages do not depend on the host). */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
