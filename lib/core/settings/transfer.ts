import { z } from 'zod';
import { migrateSettings } from './migrations';
import { type Settings, SettingsExport } from './schema';
import { SETTINGS_VERSION } from './version';

export const SETTINGS_FILE_KIND = 'market-companion-settings';
/** Larger than any real settings file by far; a bigger file is not ours. */
export const MAX_IMPORT_BYTES = 100_000;

/** The settings as a file: no secret is ever part of them (the vault is not settings). */
export function exportSettings(settings: Settings): string {
  const file: z.input<typeof SettingsExport> = {
    kind: SETTINGS_FILE_KIND,
    version: SETTINGS_VERSION,
    settings,
  };
  return `${JSON.stringify(SettingsExport.parse(file), null, 2)}\n`;
}

export function exportFileName(now: Date): string {
  return `market-companion-settings-${now.toISOString().slice(0, 10)}.json`;
}

export type ImportResult =
  | { ok: true; settings: Settings; notes: string[] }
  | { ok: false; problems: string[] };

const Head = z.object({ kind: z.unknown(), version: z.unknown(), settings: z.unknown() });

/** Keys the file has that the settings do not know (reported, never applied). */
function unknownKeys(value: unknown, shape: unknown, path: string[] = []): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  if (!shape || typeof shape !== 'object' || Array.isArray(shape)) return [];
  const out: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (!(key in shape)) out.push([...path, key].join('.'));
    else out.push(...unknownKeys(inner, (shape as Record<string, unknown>)[key], [...path, key]));
  }
  return out;
}

/**
 * Reads an exported file and says precisely what is wrong with it. The exchange and the
 * sites granted to the extension are not taken from a file: an exchange comes with its
 * own credentials (the setup), and a site needs the browser's permission, asked for when
 * the user adds it; the current ones stay.
 */
export function importSettings(text: string, current: Settings): ImportResult {
  if (text.length > MAX_IMPORT_BYTES) {
    return { ok: false, problems: ['This file is too large to be a settings file.'] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    return { ok: false, problems: [`This file is not JSON (${why}).`] };
  }
  const head = Head.safeParse(json);
  if (!head.success || head.data.kind !== SETTINGS_FILE_KIND) {
    return {
      ok: false,
      problems: [
        'This is not a Market Companion settings file (its "kind" is missing or different).',
      ],
    };
  }
  const version = head.data.version;
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < 1 ||
    version > SETTINGS_VERSION
  ) {
    return {
      ok: false,
      problems: [
        `This file uses settings format version ${String(version)}; this extension reads versions 1 to ${SETTINGS_VERSION}.`,
      ],
    };
  }
  // A file from an older version is read as the settings item reads older stored values.
  const parsed = SettingsExport.safeParse({
    kind: SETTINGS_FILE_KIND,
    version: SETTINGS_VERSION,
    settings: migrateSettings(head.data.settings, version),
  });
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const where = issue.path.filter((p) => p !== 'settings').join('.');
        return `${where || 'settings'}: ${issue.message}`;
      }),
    };
  }
  const incoming = parsed.data.settings;
  const notes: string[] = [];
  const ignored = unknownKeys(head.data.settings, current);
  if (ignored.length > 0) notes.push(`Ignored unknown entries: ${ignored.join(', ')}.`);
  if (JSON.stringify(incoming.exchange) !== JSON.stringify(current.exchange)) {
    notes.push(
      `The file's exchange (${incoming.exchange.name}, ${incoming.exchange.apiUrl}) was not applied: switching exchanges goes through the setup, with its own token.`,
    );
  }
  const extra = incoming.extraSiteOrigins.filter((o) => !current.extraSiteOrigins.includes(o));
  if (extra.length > 0) {
    notes.push(
      `Sites not granted in this browser were not added: ${extra.join(', ')}. Add them under “Other sites for the panel”, where the browser is asked for each.`,
    );
  }
  return {
    ok: true,
    settings: {
      ...incoming,
      exchange: current.exchange,
      extraSiteOrigins: current.extraSiteOrigins,
    },
    notes,
  };
}
