import { useState } from 'preact/hooks';
import type { Settings } from '../../../lib/core/settings/schema';
import { useDeps } from '../deps';

/**
 * The places the user gave the page panel, one per site: how many, and one button that
 * forgets them all (the panel then finds room by itself on every site). Applied at once,
 * apart from the form's Save: it changes no field of the form.
 */
export function PanelPlacements({ placements }: { placements: Settings['panel']['placements'] }) {
  const deps = useDeps();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = placements.length;

  const forget = async () => {
    setBusy(true);
    try {
      await deps.updateSettings((s) => ({ ...s, panel: { ...s.panel, placements: [] } }));
      setStatus('Forgotten: the panel finds its own place on every site again.');
    } catch (error) {
      setStatus(
        `Not forgotten: ${error instanceof Error ? error.message : 'storage refused'}; try again.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="field" data-panel-placements>
      <p class="muted">
        {count === 0
          ? 'The panel finds its own place on every site: you have not moved or folded it on any.'
          : `The panel keeps the place you gave it on ${count} ${count === 1 ? 'site' : 'sites'}.`}
      </p>
      {count > 0 ? (
        <button type="button" disabled={busy} onClick={() => void forget()}>
          Forget the panel’s places
        </button>
      ) : null}
      {status ? (
        <p class="muted" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
