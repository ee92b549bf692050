import { useRef, useState } from 'preact/hooks';
import type { Settings } from '../../../lib/core/settings/schema';
import {
  exportFileName,
  exportSettings,
  importSettings,
} from '../../../lib/core/settings/transfer';
import { useDeps } from '../deps';

/** Settings to and from a JSON file. Secrets are not settings: they never leave the vault. */
export function SettingsTransfer({ settings }: { settings: Settings }) {
  const deps = useDeps();
  const [problems, setProblems] = useState<string[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    setProblems([]);
    setNotes([]);
    setDone(null);
    if (!file) return;
    const result = importSettings(await file.text(), settings);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    try {
      await deps.updateSettings((current) => ({
        ...result.settings,
        exchange: current.exchange,
        extraSiteOrigins: current.extraSiteOrigins,
      }));
      setNotes(result.notes);
      setDone(`Imported ${file.name}.`);
    } catch (error) {
      setProblems([
        `Could not store the settings (${error instanceof Error ? error.message : 'unknown'}).`,
      ]);
    }
  };

  return (
    <section class="transfer" aria-labelledby="transfer-title">
      <h3 id="transfer-title">Export and import</h3>
      <p class="muted">
        A file of these settings, to keep or to carry to another browser. It never holds your token
        or key.
      </p>
      <div class="actions">
        <button
          type="button"
          onClick={() => deps.saveFile(exportFileName(deps.now()), exportSettings(settings))}
        >
          Export settings
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Import settings…
        </button>
        <input
          ref={fileInput}
          id="settings-import"
          aria-label="Settings file to import"
          hidden
          type="file"
          accept="application/json,.json"
          onChange={(e) => void onFile(e)}
        />
      </div>
      {problems.length > 0 ? (
        <div class="error-line" role="alert">
          <p>Not imported:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {done ? (
        <output class="status" aria-live="polite">
          {done}
        </output>
      ) : null}
      {notes.map((n) => (
        <p key={n} class="note">
          {n}
        </p>
      ))}
    </section>
  );
}
