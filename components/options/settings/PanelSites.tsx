/** The page panel, on or off per exchange site. */
export function PanelSites({
  sites,
  onChange,
}: {
  sites: Record<string, boolean>;
  onChange: (next: Record<string, boolean>) => void;
}) {
  const origins = Object.keys(sites);
  return (
    <fieldset class="choices">
      <legend>Trading panel on market pages</legend>
      {origins.length === 0 ? <p class="muted">No exchange site is set up.</p> : null}
      {origins.map((origin) => (
        <label key={origin} class="choice">
          <input
            type="checkbox"
            name="panel-site"
            value={origin}
            checked={sites[origin] ?? true}
            onChange={(event) =>
              onChange({ ...sites, [origin]: (event.currentTarget as HTMLInputElement).checked })
            }
          />
          <span>
            Show the panel on <code>{origin}</code>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
