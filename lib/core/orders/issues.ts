/**
 * A broken order rule, in the same `{ field, message }` shape as the exchange's
 * validation body, so the client's refusal and the sandbox's 400 read the same.
 */
export interface RuleIssue {
  field: string;
  message: string;
}

export class OrderRuleError extends Error {
  override name = 'OrderRuleError';
  constructor(readonly issues: RuleIssue[]) {
    super(issues.map((i) => i.message).join('; '));
  }
}
