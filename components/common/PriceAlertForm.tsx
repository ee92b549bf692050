import { useRef, useState } from 'preact/hooks';
import { errorSentence, toErrorInfo } from '../../lib/core/client/errors';
import {
  type AlertComparator,
  type AlertField,
  type AlertOutcome,
  describeCondition,
  parseCents,
} from '../../lib/core/price-alerts/rules';
import type { NewPriceAlert } from '../../lib/core/price-alerts/schema';

const FIELDS: { value: AlertField; label: string }[] = [
  { value: 'bid', label: 'best bid' },
  { value: 'ask', label: 'best ask' },
  { value: 'last', label: 'last price' },
];

/**
 * "Tell me when YES best bid ≥ 70¢": the popup's position cards and the page panel both
 * set alerts with this form; each passes its own way to the background. A market with no
 * book (AMM) offers its last price only. The threshold is typed in cents and read exactly.
 */
export function PriceAlertForm({
  marketSlug,
  bookless = false,
  idPrefix,
  requireTrusted = false,
  add,
  onAdded,
  onCancel,
}: {
  marketSlug: string;
  bookless?: boolean;
  /** Ids of the form's fields: one form per market on a page needs its own. */
  idPrefix: string;
  /** On a web page (the panel), whose scripts can submit the form: only the user's press or Enter counts. */
  requireTrusted?: boolean;
  add: (request: NewPriceAlert) => Promise<unknown>;
  onAdded: (said: string) => void;
  onCancel: () => void;
}) {
  const [outcome, setOutcome] = useState<AlertOutcome>('YES');
  const [field, setField] = useState<AlertField>(bookless ? 'last' : 'bid');
  const [comparator, setComparator] = useState<AlertComparator>('>=');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /**
   * Whether the user's own press or Enter led to this submit. The submit event itself says
   * nothing: the browser fires it, trusted, for a page script's `requestSubmit()` too.
   */
  const userActivated = useRef(false);

  const submit = async () => {
    const trusted = userActivated.current;
    userActivated.current = false;
    if ((requireTrusted && !trusted) || busy) return;
    const threshold = parseCents(price);
    if (!threshold.ok) {
      setProblem(threshold.message);
      return;
    }
    const request = { marketSlug, outcome, field, comparator, priceMillis: threshold.millis };
    setProblem(null);
    setBusy(true);
    try {
      await add(request);
      onAdded(`Alert set: ${describeCondition(request)}.`);
    } catch (error) {
      setProblem(errorSentence(toErrorInfo(error)));
    } finally {
      setBusy(false);
    }
  };

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      class="alert-form"
      aria-label="New price alert"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') userActivated.current = event.isTrusted;
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <span class="alert-form-lead">When</span>
      <select
        id={id('outcome')}
        aria-label="Outcome"
        value={outcome}
        onChange={(e) => setOutcome(e.currentTarget.value as AlertOutcome)}
      >
        <option value="YES">YES</option>
        <option value="NO">NO</option>
      </select>
      <select
        id={id('field')}
        aria-label="Price watched"
        value={field}
        onChange={(e) => setField(e.currentTarget.value as AlertField)}
      >
        {FIELDS.filter((f) => !bookless || f.value === 'last').map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      <select
        id={id('comparator')}
        aria-label="Comparison"
        value={comparator}
        onChange={(e) => setComparator(e.currentTarget.value as AlertComparator)}
      >
        <option value=">=">≥</option>
        <option value="<=">≤</option>
      </select>
      <span class="alert-price-cents">
        <input
          id={id('price')}
          aria-label="Price in cents"
          class="alert-price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="70"
          value={price}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? id('problem') : undefined}
          onInput={(e) => setPrice(e.currentTarget.value)}
        />
        <span aria-hidden="true">¢</span>
      </span>
      <button
        type="submit"
        class="small"
        disabled={busy}
        onClick={(event) => {
          userActivated.current = event.isTrusted;
        }}
      >
        {busy ? 'Adding…' : 'Add alert'}
      </button>
      <button type="button" class="small link" onClick={onCancel}>
        Cancel
      </button>
      {problem ? (
        <p class="alert-problem" id={id('problem')} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
