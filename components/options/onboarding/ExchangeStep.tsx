import { useState } from 'preact/hooks';
import type { ExchangeProfile } from '../../../lib/core/api/exchange';
import { TextField } from '../../common/TextField';
import { useDeps } from '../deps';
import {
  checkExchange,
  customDraft,
  type ExchangeDraft,
  type ExchangeIssues,
  type ExchangeKind,
  extraSiteOrigin,
  permissionPatterns,
  sandboxDraft,
  withOrigin,
} from './exchange-step';
import { StepHeader } from './StepHeader';

/**
 * Step 1: the sandbox (default) or a custom deployment. On Next the extension asks the
 * browser for exactly the exchange's origins (loopback is granted by the manifest) and
 * records a custom site origin so the background registers the page panel there.
 */
export function ExchangeStep({
  initial,
  onNext,
}: {
  initial: ExchangeDraft;
  onNext: (exchange: ExchangeProfile, kind: ExchangeKind) => void;
}) {
  const deps = useDeps();
  const [drafts, setDrafts] = useState<Record<ExchangeKind, ExchangeDraft>>(() => ({
    sandbox: initial.kind === 'sandbox' ? initial : sandboxDraft(),
    custom: initial.kind === 'custom' ? initial : customDraft(),
  }));
  const [kind, setKind] = useState<ExchangeKind>(initial.kind);
  const [issues, setIssues] = useState<ExchangeIssues>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const draft = drafts[kind];
  const edit = (field: keyof Omit<ExchangeDraft, 'kind'>) => (value: string) => {
    setDrafts({ ...drafts, [kind]: { ...draft, [field]: value } });
    if (issues[field]) setIssues({ ...issues, [field]: undefined });
  };

  const submit = (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkExchange(draft);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    setIssues({});
    setProblem(null);
    const exchange = checked.value;
    const patterns = permissionPatterns(exchange);
    // Asked for straight from the submit event: the browser needs the user's gesture.
    const granted = patterns.length > 0 ? deps.requestHostPermissions(patterns) : null;
    setBusy(true);
    void (async () => {
      try {
        if (granted && !(await granted)) {
          setProblem(
            `The browser did not grant access to ${patterns.join(' and ')}: the extension cannot reach this exchange without it. Press Next to be asked again.`,
          );
          return;
        }
        const site = extraSiteOrigin(exchange);
        if (site) {
          await deps.updateSettings((s) => ({
            ...s,
            extraSiteOrigins: withOrigin(s.extraSiteOrigins, site),
          }));
        }
        onNext(exchange, kind);
      } catch (error) {
        setProblem(
          `Could not get access to this exchange (${error instanceof Error ? error.message : 'unknown error'}).`,
        );
      } finally {
        setBusy(false);
      }
    })();
  };

  return (
    <form class="step" onSubmit={submit} noValidate aria-labelledby="exchange-legend">
      <StepHeader
        index={0}
        intro="Which exchange this extension trades on. The sandbox is a local copy of the exchange for trying everything without an account."
      />
      <fieldset class="choices">
        <legend id="exchange-legend">Exchange</legend>
        <label class="choice">
          <input
            type="radio"
            name="exchange-kind"
            value="sandbox"
            checked={kind === 'sandbox'}
            onChange={() => setKind('sandbox')}
          />
          <span>
            <strong>Sandbox</strong> — the local demo exchange (start it with{' '}
            <code>npm run sandbox</code>)
          </span>
        </label>
        <label class="choice">
          <input
            type="radio"
            name="exchange-kind"
            value="custom"
            checked={kind === 'custom'}
            onChange={() => setKind('custom')}
          />
          <span>
            <strong>Custom deployment</strong> — another exchange that speaks the same API
          </span>
        </label>
      </fieldset>

      {kind === 'custom' ? (
        <TextField
          id="exchange-name"
          label="Exchange name"
          value={draft.name}
          onInput={edit('name')}
          error={issues.name}
          hint={
            <>
              Orders are signed for <code>{`${draft.name.trim() || 'Name'} CTF Exchange`}</code>:
              use the exchange's exact name.
            </>
          }
        />
      ) : null}
      <TextField
        id="exchange-api-url"
        label="API URL"
        type="url"
        value={draft.apiUrl}
        onInput={edit('apiUrl')}
        error={issues.apiUrl}
        placeholder="https://api.example.com"
      />
      <TextField
        id="exchange-ws-url"
        label="WebSocket URL"
        type="url"
        value={draft.wsUrl}
        onInput={edit('wsUrl')}
        error={issues.wsUrl}
        placeholder="https://ws.example.com"
        hint="The Socket.IO address (http:// or https://), often the same as the API."
      />
      <TextField
        id="exchange-site-pattern"
        label="Market page URL pattern"
        type="url"
        value={draft.siteMarketPattern}
        onInput={edit('siteMarketPattern')}
        error={issues.siteMarketPattern}
        placeholder="https://site.example/markets/:slug"
        hint={
          <>
            A market page's address with <code>:slug</code> where the market's name goes; the
            trading panel appears on these pages.
          </>
        }
      />
      {kind === 'sandbox' ? (
        <p class="note">
          The sandbox normally runs on ports 4010 (API) and 4011 (site); change the addresses if you
          started it elsewhere.
        </p>
      ) : (
        <p class="note">
          Next asks your browser for access to exactly these sites; nothing else is requested.
        </p>
      )}
      {problem ? (
        <p class="error-line" role="alert">
          {problem}
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Asking the browser…' : 'Next'}
        </button>
      </div>
    </form>
  );
}
