import { type Address, getAddress, type Hex } from 'viem';
import { type PlaceOrderBody, PlaceOrderBody as PlaceOrderBodySchema } from '../api/orders';
import type { Outcome, StpPolicy } from '../api/primitives';
import { type AmountIntent, computeAmounts } from './amounts';
import { OrderRuleError, type RuleIssue } from './issues';
import { type OwnerContext, ownerIssues, placeOrderIssues } from './rules';
import { randomSalt } from './salt';
import type { OrderTemplate, SignatureStock, SignOrder } from './signature-stock';
import { type OrderStruct, orderDomain, orderTypedData, ZERO_ADDRESS } from './typed-data';

/** Anything that signs EIP-712 typed data; a viem local account is one. */
export interface TypedDataSigner {
  address: Address;
  signTypedData(typedData: ReturnType<typeof orderTypedData>): Promise<Hex>;
}

/** What an order needs to know about its market (static per market, so cacheable). */
export interface OrderMarket {
  slug: string;
  tokens: { yes: string; no: string };
  venue: { exchange: Address };
}

export interface OrderContext {
  exchangeName: string;
  market: OrderMarket;
  /** The profile's `rank.feeRateBps`, accepted on every market. */
  feeRateBps: number;
  owner: OwnerContext;
  /** Required unless `owner.mode` is `delegated`. */
  signer?: TypedDataSigner;
  /** Orders signed ahead by this signer (the trading session's); none: each is signed here. */
  signatures?: SignatureStock;
}

export interface OrderRequestInput {
  amounts: AmountIntent;
  outcome: Outcome;
  clientOrderId: string;
  postOnly?: boolean;
  stpPolicy?: StpPolicy;
  recvWindow?: number;
  /** Server-corrected Unix ms; sent only with a receive window (alone it has no effect). */
  timestamp?: number;
  /** Fixed salt for known-answer tests; random otherwise. */
  salt?: bigint;
}

export interface BuiltOrder {
  body: PlaceOrderBody;
  /** The exact bytes to send, and to resend on a transient failure. */
  json: string;
  struct: OrderStruct;
  clientOrderId: string;
}

/** What signing an order needs besides its salt: the signer, the domain and the struct's other fields. */
interface OrderToSign {
  amounts: ReturnType<typeof computeAmounts>;
  signer: TypedDataSigner | undefined;
  domain: ReturnType<typeof orderDomain>;
  template: OrderTemplate;
  tokenId: string;
  side: 0 | 1;
}

/** Amounts, signer checks and every signed field but the salt: the same for an order signed ahead. */
function orderToSign(
  input: Pick<OrderRequestInput, 'amounts' | 'outcome'>,
  ctx: OrderContext,
): OrderToSign {
  const amounts = computeAmounts(input.amounts);
  const { owner } = ctx;
  const ownerAddress = owner.mode === 'own' ? owner.account : owner.wallet;
  const signer = owner.mode === 'delegated' ? undefined : ctx.signer;
  const preIssues: RuleIssue[] = [];
  if (owner.mode !== 'delegated' && !signer) {
    preIssues.push({ field: 'signer', message: 'no signing key is available for this account' });
  }
  if (signer && ownerAddress && signer.address.toLowerCase() !== ownerAddress.toLowerCase()) {
    preIssues.push({
      field: 'signer',
      message: `the signing key's address ${signer.address} is not the order's account ${ownerAddress}`,
    });
  }
  if (preIssues.length > 0) throw new OrderRuleError(preIssues);

  // A delegated order names the sub-account's server wallet; the server signs for it.
  const maker = getAddress(signer?.address ?? ownerAddress);
  const tokenId = input.outcome === 'YES' ? ctx.market.tokens.yes : ctx.market.tokens.no;
  const side = input.amounts.side === 'BUY' ? 0 : 1;
  const template: OrderTemplate = {
    maker,
    signer: maker,
    taker: ZERO_ADDRESS,
    tokenId: BigInt(tokenId),
    makerAmount: amounts.makerAmount,
    takerAmount: amounts.takerAmount,
    expiration: 0n,
    nonce: 0n,
    feeRateBps: BigInt(ctx.feeRateBps),
    side,
    signatureType: 0,
  };
  const domain = orderDomain(ctx.exchangeName, ctx.market.venue.exchange);
  return { amounts, signer, domain, template, tokenId, side };
}

const signWith =
  (signer: TypedDataSigner): SignOrder =>
  (domain, struct) =>
    signer.signTypedData(orderTypedData(domain, struct));

/**
 * Signs this order ahead into the context's stock, so its press skips the signature (see
 * `SignatureStock`). Resolves once stocked; an order that could not be built is skipped
 * (its press says why).
 */
export async function stockOrderSignature(
  input: Pick<OrderRequestInput, 'amounts' | 'outcome'>,
  ctx: OrderContext,
): Promise<void> {
  if (!ctx.signatures) return;
  let order: OrderToSign;
  try {
    order = orderToSign(input, ctx);
  } catch {
    return;
  }
  const { signer, domain, template } = order;
  if (signer) await ctx.signatures.fill(signer.address, signWith(signer), domain, template);
}

/**
 * Intent → exact amounts → EIP-712 signature → request body, with every rule of
 * `POST /orders` the client can know checked before anything leaves. Throws
 * `OrderRuleError` with sentences that say what to change.
 */
export async function buildOrderRequest(
  input: OrderRequestInput,
  ctx: OrderContext,
): Promise<BuiltOrder> {
  const { amounts, signer, domain, template, tokenId, side } = orderToSign(input, ctx);
  const { owner } = ctx;
  // A fixed salt (tests) is signed here; otherwise a signature made ahead, if there is one.
  const stocked =
    signer && input.salt === undefined && ctx.signatures
      ? ctx.signatures.take(signer.address, signWith(signer), domain, template)
      : null;
  const struct: OrderStruct = { salt: stocked?.salt ?? input.salt ?? randomSalt(), ...template };
  const signature = stocked
    ? stocked.signature
    : signer
      ? await signWith(signer)(domain, struct)
      : undefined;

  const ownerId = owner.mode === 'own' ? owner.profileId : owner.subAccountId;
  const body: PlaceOrderBody = {
    order: {
      salt: struct.salt.toString(),
      maker: struct.maker,
      signer: struct.signer,
      taker: struct.taker,
      tokenId,
      makerAmount: Number(struct.makerAmount),
      takerAmount: Number(struct.takerAmount),
      nonce: 0,
      feeRateBps: ctx.feeRateBps,
      side,
      ...(signature ? { signature, signatureType: 0 } : {}),
      expiration: '0',
      ...(amounts.price !== undefined ? { price: amounts.price } : {}),
    },
    ownerId,
    orderType: input.amounts.orderType,
    marketSlug: ctx.market.slug,
    clientOrderId: input.clientOrderId,
    ...(owner.mode === 'own' ? {} : { onBehalfOf: owner.subAccountId }),
    ...(input.postOnly ? { postOnly: true } : {}),
    ...(input.stpPolicy ? { stpPolicy: input.stpPolicy } : {}),
    ...(input.recvWindow !== undefined
      ? { recvWindow: input.recvWindow, timestamp: input.timestamp ?? Date.now() }
      : {}),
  };

  const parsed = PlaceOrderBodySchema.safeParse(body);
  if (!parsed.success) {
    throw new OrderRuleError(
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  }
  const issues = [
    ...placeOrderIssues(parsed.data, owner.mode === 'delegated'),
    ...ownerIssues(parsed.data, owner),
  ];
  if (issues.length > 0) throw new OrderRuleError(issues);

  return { body, json: JSON.stringify(body), struct, clientOrderId: input.clientOrderId };
}
