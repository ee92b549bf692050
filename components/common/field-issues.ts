import type { z } from 'zod';
import type { ClientErrorInfo } from '../../lib/core/client/errors';

/** One message per field (the first problem found), keyed by the field's name. */
export type FieldIssues<K extends string = string> = Partial<Record<K, string>>;

export type Checked<T, K extends string = string> =
  | { ok: true; value: T }
  | { ok: false; issues: FieldIssues<K> };

/** Zod issues → the first message of each top-level field (`''` for the form itself). */
export function fieldIssues<K extends string>(error: z.ZodError): FieldIssues<K> {
  const issues: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    const field = key === '' ? '' : (key.split('.')[0] ?? '');
    if (!(field in issues)) issues[field] = sentence(issue.message);
  }
  return issues as FieldIssues<K>;
}

/** Messages read as sentences beside their field: capital first letter, final period. */
export function sentence(message: string): string {
  const text = message.trim();
  if (!text) return text;
  const capital = text[0]?.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * The message a refusal carries for one field, to show beside that field instead of as
 * a sentence about the whole form; undefined when the refusal is about something else.
 */
export function refusalFor(info: ClientErrorInfo | null, field: string): string | undefined {
  if (info?.kind !== 'validation') return undefined;
  const issue = info.issues.find((i) => i.field === field);
  return issue ? sentence(issue.message) : undefined;
}
