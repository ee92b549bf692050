import { useState } from 'preact/hooks';
import {
  addedSites,
  checkSiteOrigin,
  permissionToAdd,
  permissionToDrop,
  withoutSite,
  withSite,
} from '../../../lib/core/settings/extra-sites';
import type { Settings } from '../../../lib/core/settings/schema';
import { ErrorLine } from '../../common/ErrorLine';
import { TextField } from '../../common/TextField';
import { useAction } from '../../common/useAction';
import { useDeps } from '../deps';

/**
 * Other sites the trading panel runs on. Adding one asks the browser for exactly that
 * site's access, from the click itself (the browser wants the user's gesture); the
 * background then registers the panel there. Removing one gives the access back.
 */
export function ExtraSites({ settings }: { settings: Settings }) {
  const deps = useDeps();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const sites = addedSites(settings);

  // `run` calls these before its first await: the permission request stays in the gesture.
  const adding = useAction(async (origin: string) => {
    const pattern = permissionToAdd(origin);
    const granted = await (pattern ? deps.requestHostPermissions([pattern]) : true);
    if (granted) {
      await deps.updateSettings((current) => withSite(current, origin));
      setText('');
    }
    return { origin, granted };
  });
  const removing = useAction(async (origin: string) => {
    const pattern = permissionToDrop(settings, origin);
    const kept = pattern
      ? !(await deps.removeHostPermissions([pattern]).catch(() => false))
      : false;
    await deps.updateSettings((current) => withoutSite(current, origin));
    return { origin, kept };
  });
  const busy = adding.busy || removing.busy;

  const add = (event: Event) => {
    event.preventDefault();
    if (busy) return;
    removing.reset();
    const checked = checkSiteOrigin(text, settings);
    setInvalid(checked.ok ? undefined : checked.message);
    if (checked.ok) void adding.run(checked.origin);
  };

  const refused = adding.result?.granted === false ? adding.result.origin : null;
  const fieldError =
    invalid ??
    (refused
      ? `The browser did not grant access to ${refused}: the panel cannot run there without it.`
      : undefined);
  const added = adding.result?.granted ? adding.result.origin : null;
  const removed = removing.result;
  const status = removed
    ? removed.kept
      ? `Removed ${removed.origin}, but the browser kept its access to that site: remove it in the extension's site access settings.`
      : `Removed ${removed.origin} and gave its access back.`
    : added
      ? `Added ${added}: the panel shows on its market pages (reload open ones).`
      : null;
  const failure = adding.error ?? removing.error;

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
                onClick={() => {
                  adding.reset();
                  void removing.run(origin);
                }}
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
            setInvalid(undefined);
            adding.reset();
          }}
          error={fieldError}
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
        {failure ? <ErrorLine error={failure} /> : null}
      </form>
    </section>
  );
}
