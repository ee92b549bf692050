import type { VaultStatus } from '../../vault/vault';
import type { PortfolioTracker } from '../account/portfolio';
import type { Platform } from '../platform';

/** The toolbar badge: a lock when locked, the count of open orders when unlocked. */
export async function updateToolbarBadge(
  badge: Platform['badge'],
  status: VaultStatus,
  portfolio: Pick<PortfolioTracker, 'openOrderCount'>,
): Promise<void> {
  try {
    if (status === 'locked') {
      await badge.set('🔒', '#6b7280');
    } else if (status === 'unlocked') {
      const count = portfolio.openOrderCount();
      await badge.set(count > 0 ? String(count) : '', '#2563eb');
    } else {
      await badge.set('', '#6b7280');
    }
  } catch {
    // A badge is decoration; never let it break the worker.
  }
}
