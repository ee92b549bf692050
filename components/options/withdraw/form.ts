import { Address } from '../../../lib/core/api/primitives';
import { parseDollarAmount } from '../../../lib/core/format/dollars';
import type { WithdrawalTargets } from '../../../lib/protocol/messages';
import type { Checked, FieldIssues } from '../../common/field-issues';
import { checkDestination, type DestinationOption } from './destination';

export type WithdrawField = 'amount' | 'token' | 'destination';

export interface WithdrawDraft {
  amount: string;
  /** Empty: the collateral token. */
  token: string;
  /** The address picked from the list, or typed under "another address". */
  destination: string;
}

/** What the confirmation states and `withdraw.submit` sends. */
export interface WithdrawPlan {
  amountRaw: string;
  token: string | null;
  destination: DestinationOption;
}

export function checkWithdrawForm(
  draft: WithdrawDraft,
  targets: WithdrawalTargets,
): Checked<WithdrawPlan, WithdrawField> {
  const issues: FieldIssues<WithdrawField> = {};
  const amount = parseDollarAmount(draft.amount);
  if (!amount.ok) issues.amount = amount.message;
  const token = draft.token.trim();
  if (token && !Address.safeParse(token).success) {
    issues.token =
      'A token is an ERC20 contract address (0x and 40 hex characters); leave it empty for the collateral token.';
  }
  const destination = checkDestination(draft.destination, targets);
  if (!destination.ok) issues.destination = destination.message;
  if (!amount.ok || issues.token || !destination.ok) return { ok: false, issues };
  return {
    ok: true,
    value: {
      amountRaw: amount.raw.toString(),
      token: token || null,
      destination: destination.option,
    },
  };
}
