import { useState } from 'preact/hooks';
import { TextField } from '@/components/common/TextField';
import {
  addedSites,
  checkSiteOrigin,
  permissionToAdd,
  permissionToDrop,
  withoutSite,
  withSite,
} from '@/lib/settings/extra-sites';
import type { Settings } from '@/lib/settings/schema';
import { useDeps } from '../deps';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'unknown error');

/**
 * Other sites the trading panel runs on. Adding one asks the browser for exactly that
 * site's access, from the click itself (the browser wants the user's gesture); the
 * background then registers the panel there. Removing one gives the access back.
 */
export function ExtraSites({ settings }: { settings: Settings }) {
  const deps = useDeps();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sites = addedSites(settings);

  const add = (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    const checked = checkSiteOrigin(text, settings);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    const { origin } = checked;
    const pattern = permissionToAdd(origin);
    // Asked for before any await: the browser honours the request only inside the gesture.
    const granted = pattern ? deps.requestHostPermissions([pattern]) : Promise.resolve(true);
    setBusy(true);
    void (async () => {
      try {
        if (!(await granted)) {
          setError(
            `The browser did not grant access to ${origin}: the panel cannot run there without it.`,
          );
          return;
        }
        await deps.updateSettings((current) => withSite(current, origin));
        setText('');
        setStatus(`Added ${origin}: the panel shows on its market pages (reload open ones).`);
      } catch (failure) {
        setError(`Could not add ${origin} (${reason(failure)}).`);
      } finally {
        setBusy(false);
      }
    })();
  };

  const remove = (origin: string) => {
    if (busy) return;
    setStatus(null);
    setError(undefined);
    const pattern = permissionToDrop(settings, origin);
    setBusy(true);
    void (async () => {
      let kept = false;
      try {
        kept = pattern ? !(await deps.removeHostPermissions([pattern])) : false;
      } catch {
        kept = true;
      }
      try {
        await deps.updateSettings((current) => withoutSite(current, origin));
        setStatus(
          kept
            ? `Removed ${origin}, but the browser kept its access to that site: remove it in the extension's site access settings.`
            : `Removed ${origin} and gave its access back.`,
        );
      } catch (failure) {
        setStatus(`Could not remove ${origin} (${reason(failure)}).`);
      } finally {
        setBusy(false);
      }
    })();
  };

  return (
    <section class="extra-sites" aria-labelledby="extra-sites-title">
      <h3 id="extra-sites-title">Other sites for the panel</h3>
      <p class="muted">
        Another copy of the exchange's site (a mirror, a staging site): the panel shows on its
        market pages, at the same paths as on the exchange's own site.
      </p>
      {sites.length > 0 ? (
        <ul class="site-list" aria-label="Added sites">
          {sites.map((origin) => (
            <li key={origin}>
              <code>{origin}</code>{' '}
              <button
                type="button"
                class="danger"
                aria-label={`Remove ${origin}`}
                disabled={busy}
                onClick={() => remove(origin)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form class="add-site" onSubmit={add} noValidate>
        <TextField
          id="extra-site"
          label="Add a site"
          type="url"
          value={text}
          onInput={(value) => {
            setText(value);
            if (error) setError(undefined);
          }}
          error={error}
          placeholder="https://site.example"
          hint="The browser asks you to allow the extension on that site, and on nothing else."
        />
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Asking the browser…' : 'Add site'}
          </button>
          {status ? (
            <output class="status" aria-live="polite">
              {status}
            </output>
          ) : null}
        </div>
      </form>
    </section>
  );
}
