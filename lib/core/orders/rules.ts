import { getAddress } from 'viem';
import type { ParsedPlaceOrderBody } from '../api/orders';
import { MIN_MAKER_AMOUNT, readPrice } from './amounts';
import type { RuleIssue } from './issues';
import { PRICE_SCALE } from './units';

/** The spec's limits, in one place (spec: Limits). */
export const MAX_CLIENT_ORDER_ID_LENGTH = 128;
export const MAX_RECV_WINDOW_MS = 10_000;

/**
 * Who the order is for, as far as the rules care:
 * - `own`: the caller's own profile; maker = signer = its EOA; no `onBehalfOf`.
 * - `partner-signed`: a partner's sub-account whose key the partner holds; `onBehalfOf`
 *   and `ownerId` are the sub-account id; maker = signer = the sub-account wallet.
 * - `delegated`: the server signs for the sub-account; no signature; `onBehalfOf` and
 *   `ownerId` are the sub-account id.
 */
export type OwnerContext =
  | { mode: 'own'; profileId: number; account: string }
  | { mode: 'partner-signed'; subAccountId: number; wallet: string }
  | { mode: 'delegated'; subAccountId: number; wallet: string };

function isChecksummed(address: string): boolean {
  try {
    return getAddress(address) === address;
  } catch {
    return false;
  }
}

/**
 * Rules 1–7 of `POST /orders` plus the limits of the signed struct and the top-level
 * fields. Both the client (before sending) and the sandbox (on receipt) call this, so
 * the words a user reads are the same whichever side refuses.
 *
 * `delegatedAllowed`: whether omitting the signature is acceptable here (rule 1).
 */
export function placeOrderIssues(
  body: ParsedPlaceOrderBody,
  delegatedAllowed: boolean,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { order, orderType } = body;
  const add = (field: string, message: string) => issues.push({ field, message });

  const hasSignature = order.signature !== undefined;
  const hasSignatureType = order.signatureType !== undefined;
  if (hasSignature !== hasSignatureType) {
    add('order.signature', 'signature and signatureType must be sent together, or both omitted');
  } else if (!hasSignature && !delegatedAllowed) {
    add(
      'order.signature',
      'the order is not signed; only delegated signing (onBehalfOf with a delegated_signing token) may omit the signature',
    );
  }
  if (hasSignatureType && order.signatureType !== 0) {
    add('order.signatureType', 'signatureType must be 0 (an externally owned account)');
  }
  if (order.nonce !== 0n) add('order.nonce', 'nonce must be 0');
  if (order.expiration !== undefined && order.expiration !== 0n) {
    add('order.expiration', 'expiration must be 0: orders that expire are not supported');
  }
  if (order.makerAmount < MIN_MAKER_AMOUNT) {
    add(
      'order.makerAmount',
      `makerAmount must be at least ${MIN_MAKER_AMOUNT} raw units (0.0001); it is ${order.makerAmount}`,
    );
  }
  if (!isChecksummed(order.maker))
    add('order.maker', 'maker must be a checksummed (EIP-55) address');
  if (!isChecksummed(order.signer))
    add('order.signer', 'signer must be a checksummed (EIP-55) address');
  if (!isChecksummed(order.taker))
    add('order.taker', 'taker must be a checksummed (EIP-55) address');

  if (orderType === 'FOK') {
    if (order.price !== undefined) add('order.price', 'a FOK order must not carry a price');
    if (order.takerAmount !== 1n) {
      add(
        'order.takerAmount',
        'a FOK order has takerAmount 1 (makerAmount is what it spends or sells)',
      );
    }
  } else if (order.price === undefined) {
    add('order.price', `a ${orderType} order needs a price between 0.01 and 0.99`);
  } else {
    const read = readPrice(order.price);
    if ('issue' in read) {
      add('order.price', read.issue.message);
    } else {
      // BUY: maker = price × taker; SELL: taker = price × maker (exact, no rounding).
      const [collateral, contracts] =
        order.side === 0
          ? [order.makerAmount, order.takerAmount]
          : [order.takerAmount, order.makerAmount];
      if (collateral * PRICE_SCALE !== read.millis * contracts) {
        add(
          order.side === 0 ? 'order.makerAmount' : 'order.takerAmount',
          order.side === 0
            ? `for a ${orderType} BUY, makerAmount must equal price × takerAmount exactly`
            : `for a ${orderType} SELL, takerAmount must equal price × makerAmount exactly`,
        );
      }
    }
  }

  if (body.postOnly === true && orderType !== 'GTC') {
    add('postOnly', 'postOnly is only supported for GTC orders');
  }
  if (body.clientOrderId !== undefined) {
    if (body.clientOrderId.length > MAX_CLIENT_ORDER_ID_LENGTH) {
      add(
        'clientOrderId',
        `clientOrderId must be at most ${MAX_CLIENT_ORDER_ID_LENGTH} characters`,
      );
    } else if (body.clientOrderId.trim() === '') {
      add('clientOrderId', 'clientOrderId must not be blank');
    }
  }
  if (body.recvWindow !== undefined && body.recvWindow > MAX_RECV_WINDOW_MS) {
    add('recvWindow', `recvWindow must be at most ${MAX_RECV_WINDOW_MS} ms`);
  }
  return issues;
}

/** Rule 8 as far as the client can know it: who owns and who signs. */
export function ownerIssues(body: ParsedPlaceOrderBody, owner: OwnerContext): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  switch (owner.mode) {
    case 'own':
      if (body.onBehalfOf !== undefined)
        add('onBehalfOf', 'an order for your own profile must not set onBehalfOf');
      if (body.ownerId !== owner.profileId) add('ownerId', 'ownerId must be your own profile id');
      if (!same(body.order.maker, owner.account) || !same(body.order.signer, owner.account)) {
        add('order.maker', 'maker and signer must be your own account address');
      }
      break;
    case 'partner-signed':
      if (body.onBehalfOf !== owner.subAccountId || body.ownerId !== owner.subAccountId) {
        add('onBehalfOf', 'set both onBehalfOf and ownerId to the sub-account profile id');
      }
      if (!same(body.order.maker, owner.wallet) || !same(body.order.signer, owner.wallet)) {
        add('order.maker', 'maker and signer must be the sub-account wallet address');
      }
      break;
    case 'delegated':
      if (body.onBehalfOf !== owner.subAccountId || body.ownerId !== owner.subAccountId) {
        add('onBehalfOf', 'set both onBehalfOf and ownerId to the sub-account profile id');
      }
      if (body.order.signature !== undefined) {
        add(
          'order.signature',
          'a delegated order is signed by the server: send it without signature',
        );
      }
      break;
  }
  return issues;
}
