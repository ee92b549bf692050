/** `3 min ago`, `2 h ago`, `yesterday`… for feed cards and "updated" labels. */
export function timeAgo(iso: string | number, now = Date.now()): string {
  const at = typeof iso === 'number' ? iso : Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** Time left until `iso` as `0:07` / `1:02:03`; `0:00` once passed. */
export function countdown(iso: string, now = Date.now()): string {
  const left = Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A date-time a trader can read at a glance: `Nov 22, 14:05`. */
export function shortDateTime(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
