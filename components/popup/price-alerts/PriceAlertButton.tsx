import { useState } from 'preact/hooks';
import { PriceAlertForm } from '../../common/PriceAlertForm';
import { useServices } from '../services';

/** A position card's "Alert" action: opens the alert form for that market, in place. */
export function PriceAlertButton({
  marketSlug,
  marketTitle,
  bookless = false,
}: {
  marketSlug: string;
  marketTitle: string;
  bookless?: boolean;
}) {
  const { send } = useServices();
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <div class="alert-action">
      {open ? (
        <PriceAlertForm
          marketSlug={marketSlug}
          bookless={bookless}
          idPrefix={`alert-${marketSlug}`}
          add={(request) => send('priceAlerts.add', request)}
          onAdded={(sentence) => {
            setSaid(sentence);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button
          type="button"
          class="small"
          aria-label={`Set a price alert on ${marketTitle}`}
          onClick={() => {
            setSaid(null);
            setOpen(true);
          }}
        >
          Alert
        </button>
      )}
      {said ? (
        <span class="alert-said" role="status">
          {said}
        </span>
      ) : null}
    </div>
  );
}
