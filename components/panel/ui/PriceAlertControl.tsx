import { PriceAlertForm } from '../../common/PriceAlertForm';
import { usePanelDeps } from '../deps';

/**
 * The panel's price-alert form, for the market on the page: sent like every panel
 * message (the background sets it only on the market of the sender's own page).
 */
export function PriceAlertControl({
  marketSlug,
  bookless,
  onAdded,
  onClose,
}: {
  marketSlug: string;
  bookless: boolean;
  onAdded: (said: string) => void;
  onClose: () => void;
}) {
  const { send } = usePanelDeps();
  return (
    <PriceAlertForm
      marketSlug={marketSlug}
      bookless={bookless}
      idPrefix="mc-alert"
      requireTrusted
      add={(request) => send('panel.addPriceAlert', request)}
      onAdded={onAdded}
      onCancel={onClose}
    />
  );
}
