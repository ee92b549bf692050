import type { SandboxCore } from '../core/core';
import { COLLATERAL } from '../core/ledger';

const USDC = 1_000_000n;
const CONTRACT = 1_000_000n;

/**
 * Keeps a bot able to trade: whenever what it can use drops under a floor, the ledger
 * credits more. A sandbox-only shortcut; the bots' balances never run dry on long runs.
 */
export function topUp(core: SandboxCore, profileId: number, tokenIds: readonly string[]): void {
  if (core.ledger.available(profileId, COLLATERAL) < 100_000n * USDC) {
    core.ledger.credit(profileId, COLLATERAL, 1_000_000n * USDC);
  }
  for (const tokenId of tokenIds) {
    if (core.ledger.available(profileId, tokenId) < 10_000n * CONTRACT) {
      core.ledger.credit(profileId, tokenId, 100_000n * CONTRACT);
    }
  }
}
