import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { PlaceOrderBody } from '../../../../lib/core/api/orders';
import {
  type BuiltOrder,
  buildOrderRequest,
  type OrderContext,
  type OrderRequestInput,
  stockOrderSignature,
} from '../../../../lib/core/orders/build';
import { localOrderSigner } from '../../../../lib/core/orders/fast-typed-data';
import { OrderRuleError } from '../../../../lib/core/orders/issues';
import { ownerIssues, placeOrderIssues } from '../../../../lib/core/orders/rules';
import { randomSalt } from '../../../../lib/core/orders/salt';
import { SignatureStock } from '../../../../lib/core/orders/signature-stock';
import {
  hashOrder,
  orderDomain,
  orderTypedData,
  recoverOrderSigner,
} from '../../../../lib/core/orders/typed-data';
import { EIP712_VECTOR, otherAccount, vectorAccount, vectorOrderContext } from './vectors';

const account = vectorAccount();
const C = 1_000_000n;
const SUB_WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address;

const ctx = (over: Partial<OrderContext> = {}): OrderContext =>
  vectorOrderContext({ signer: account, ...over });

const gtcBuy = (over: Partial<OrderRequestInput> = {}): OrderRequestInput => ({
  amounts: { orderType: 'GTC', side: 'BUY', price: 0.55, contracts: 10n * C },
  outcome: 'YES',
  clientOrderId: 'c-1',
  salt: EIP712_VECTOR.salt,
  ...over,
});

async function refusal(input: OrderRequestInput, context: OrderContext) {
  try {
    await buildOrderRequest(input, context);
  } catch (error) {
    if (error instanceof OrderRuleError) return error.issues;
    throw error;
  }
  throw new Error('expected buildOrderRequest to refuse');
}

/** What the sandbox does on receipt: parse the bytes and run the same rules. */
function serverIssues(built: BuiltOrder, delegated = false) {
  const parsed = PlaceOrderBody.parse(JSON.parse(built.json));
  return placeOrderIssues(parsed, delegated);
}

describe('buildOrderRequest: the known answer', () => {
  it('a GTC BUY of 10 at 0.55 with salt 1234567890 gives the known amounts, hash and signature', async () => {
    const built = await buildOrderRequest(gtcBuy(), ctx());
    expect(built.struct).toMatchObject({
      salt: EIP712_VECTOR.salt,
      maker: account.address,
      signer: account.address,
      taker: '0x0000000000000000000000000000000000000000',
      tokenId: BigInt(EIP712_VECTOR.tokenId),
      makerAmount: EIP712_VECTOR.makerAmount,
      takerAmount: EIP712_VECTOR.takerAmount,
      expiration: 0n,
      nonce: 0n,
      feeRateBps: 0n,
      side: 0,
      signatureType: 0,
    });
    const domain = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
    expect(hashOrder(domain, built.struct)).toBe(EIP712_VECTOR.hash);
    expect(built.body.order.signature).toBe(EIP712_VECTOR.signature);
  });

  it('the JSON body it returns carries that signature and the exact wire values', async () => {
    const built = await buildOrderRequest(gtcBuy(), ctx());
    expect(built.json).toBe(JSON.stringify(built.body));
    const sent = JSON.parse(built.json);
    expect(sent).toEqual({
      order: {
        salt: '1234567890',
        maker: account.address,
        signer: account.address,
        taker: '0x0000000000000000000000000000000000000000',
        tokenId: EIP712_VECTOR.tokenId,
        makerAmount: 5_500_000,
        takerAmount: 10_000_000,
        nonce: 0,
        feeRateBps: 0,
        side: 0,
        signature: EIP712_VECTOR.signature,
        signatureType: 0,
        expiration: '0',
        price: 0.55,
      },
      ownerId: 7,
      orderType: 'GTC',
      marketSlug: 'will-it-rain',
      clientOrderId: 'c-1',
    });
    expect(built.json).toContain(`"signature":"${EIP712_VECTOR.signature}"`);
    expect(built.clientOrderId).toBe('c-1');
  });

  it('builds what the server-side rules accept', async () => {
    const built = await buildOrderRequest(gtcBuy(), ctx());
    expect(serverIssues(built)).toEqual([]);
  });
});

describe('buildOrderRequest: salt', () => {
  it('draws a random salt when none is given and sends it as a decimal string', async () => {
    const a = await buildOrderRequest(gtcBuy({ salt: undefined }), ctx());
    const b = await buildOrderRequest(gtcBuy({ salt: undefined }), ctx());
    expect(a.body.order.salt).not.toBe(b.body.order.salt);
    for (const built of [a, b]) {
      const sent = JSON.parse(built.json).order.salt;
      expect(typeof sent).toBe('string');
      expect(sent).toMatch(/^\d+$/);
      expect(BigInt(sent)).toBe(built.struct.salt);
      // The signature covers this salt.
      const domain = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
      await expect(
        recoverOrderSigner(domain, built.struct, built.body.order.signature as `0x${string}`),
      ).resolves.toBe(account.address);
    }
  });

  it('randomSalt gives 128-bit values, most of them beyond what a JSON number holds', () => {
    const salts = Array.from({ length: 32 }, randomSalt);
    expect(new Set(salts).size).toBe(32);
    expect(salts.every((s) => s >= 0n && s < 2n ** 128n)).toBe(true);
    expect(salts.some((s) => s > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
  });
});

describe('buildOrderRequest: order types and sides', () => {
  it('GTC SELL on NO: maker = contracts, taker = collateral, NO token', async () => {
    const built = await buildOrderRequest(
      gtcBuy({
        amounts: { orderType: 'GTC', side: 'SELL', price: '0.45', contracts: 4n * C },
        outcome: 'NO',
      }),
      ctx(),
    );
    expect(built.body.order).toMatchObject({
      tokenId: '424242',
      side: 1,
      makerAmount: 4_000_000,
      takerAmount: 1_800_000,
      price: 0.45,
    });
    expect(serverIssues(built)).toEqual([]);
  });

  it('FOK BUY: spend as makerAmount, takerAmount 1 and no price key', async () => {
    const built = await buildOrderRequest(
      gtcBuy({ amounts: { orderType: 'FOK', side: 'BUY', spend: 25n * C } }),
      ctx(),
    );
    expect(built.body.orderType).toBe('FOK');
    expect(built.body.order).toMatchObject({ makerAmount: 25_000_000, takerAmount: 1 });
    expect('price' in built.body.order).toBe(false);
    expect(built.json).not.toContain('"price"');
    expect(serverIssues(built)).toEqual([]);
  });

  it('FOK SELL: shares as makerAmount, takerAmount 1', async () => {
    const built = await buildOrderRequest(
      gtcBuy({ amounts: { orderType: 'FOK', side: 'SELL', contracts: 3n * C } }),
      ctx(),
    );
    expect(built.body.order).toMatchObject({ side: 1, makerAmount: 3_000_000, takerAmount: 1 });
    expect(serverIssues(built)).toEqual([]);
  });

  it('sends the fee rate it is given, signed', async () => {
    const built = await buildOrderRequest(gtcBuy(), ctx({ feeRateBps: 150 }));
    expect(built.body.order.feeRateBps).toBe(150);
    expect(built.struct.feeRateBps).toBe(150n);
    expect(built.body.order.signature).not.toBe(EIP712_VECTOR.signature);
  });
});

describe('buildOrderRequest: refusals before anything is sent', () => {
  it('passes amount refusals through, naming the nearest sizes', async () => {
    const issues = await refusal(
      gtcBuy({ amounts: { orderType: 'GTC', side: 'BUY', price: 0.555, contracts: 10_000_100n } }),
      ctx(),
    );
    expect(issues[0]?.message).toMatch(/use 10 or 10\.0002 contracts$/);
  });

  it('an amount beyond 2^53 raw is refused: it would not travel exactly as a JSON integer', async () => {
    const issues = await refusal(
      gtcBuy({ amounts: { orderType: 'FOK', side: 'BUY', spend: 2n ** 53n + 1n } }),
      ctx(),
    );
    expect(issues).toContainEqual({
      field: 'order.makerAmount',
      message: expect.stringMatching(/too large to travel exactly as a JSON integer/),
    });
  });

  it('postOnly only on GTC', async () => {
    const gtc = await buildOrderRequest(gtcBuy({ postOnly: true }), ctx());
    expect(gtc.body.postOnly).toBe(true);
    const issues = await refusal(
      gtcBuy({
        amounts: { orderType: 'FAK', side: 'BUY', price: 0.55, contracts: 10n * C },
        postOnly: true,
      }),
      ctx(),
    );
    expect(issues).toEqual([
      { field: 'postOnly', message: 'postOnly is only supported for GTC orders' },
    ]);
  });

  it('clientOrderId at most 128 characters and not blank', async () => {
    expect(await refusal(gtcBuy({ clientOrderId: 'x'.repeat(129) }), ctx())).toEqual([
      { field: 'clientOrderId', message: 'clientOrderId must be at most 128 characters' },
    ]);
    expect(await refusal(gtcBuy({ clientOrderId: '  ' }), ctx())).toEqual([
      { field: 'clientOrderId', message: 'clientOrderId must not be blank' },
    ]);
  });

  it('recvWindow at most 10000 ms; with a window the timestamp travels too', async () => {
    expect(await refusal(gtcBuy({ recvWindow: 10_001, timestamp: 1 }), ctx())).toEqual([
      { field: 'recvWindow', message: 'recvWindow must be at most 10000 ms' },
    ]);
    const built = await buildOrderRequest(
      gtcBuy({ recvWindow: 5_000, timestamp: 1_795_335_330_250 }),
      ctx(),
    );
    expect(built.body).toMatchObject({ recvWindow: 5_000, timestamp: 1_795_335_330_250 });
    // The timestamp is outside the signed struct: the signature is unchanged.
    expect(built.body.order.signature).toBe(EIP712_VECTOR.signature);
  });

  it('stpPolicy must be one of the enum', async () => {
    const built = await buildOrderRequest(gtcBuy({ stpPolicy: 'cancel_both' }), ctx());
    expect(built.body.stpPolicy).toBe('cancel_both');
    const bad = JSON.parse('"cancel_all"');
    const issues = await refusal(gtcBuy({ stpPolicy: bad }), ctx());
    expect(issues.map((i) => i.field)).toEqual(['stpPolicy']);
  });

  it('own orders need a signing key whose address is the account', async () => {
    expect(await refusal(gtcBuy(), ctx({ signer: undefined }))).toEqual([
      { field: 'signer', message: 'no signing key is available for this account' },
    ]);
    const other = otherAccount();
    const issues = await refusal(gtcBuy(), ctx({ signer: other }));
    expect(issues[0]?.field).toBe('signer');
    expect(issues[0]?.message).toContain(other.address);
  });

  it('a key whose address is only differently cased still counts as the account', async () => {
    const built = await buildOrderRequest(
      gtcBuy(),
      ctx({ owner: { mode: 'own', profileId: 7, account: account.address.toLowerCase() } }),
    );
    expect(built.body.order.maker).toBe(account.address);
  });
});

describe('buildOrderRequest: who the order is for (rule 8)', () => {
  it('own order: ownerId is the caller, no onBehalfOf', async () => {
    const built = await buildOrderRequest(gtcBuy(), ctx());
    expect(built.body.ownerId).toBe(7);
    expect('onBehalfOf' in built.body).toBe(false);
  });

  it('partner-signed: onBehalfOf and ownerId are the sub-account, maker = signer = its wallet', async () => {
    const built = await buildOrderRequest(
      gtcBuy(),
      ctx({ owner: { mode: 'partner-signed', subAccountId: 42, wallet: account.address } }),
    );
    expect(built.body).toMatchObject({ ownerId: 42, onBehalfOf: 42 });
    expect(built.body.order).toMatchObject({ maker: account.address, signer: account.address });
    expect(built.body.order.signature).toBe(EIP712_VECTOR.signature);
  });

  it('partner-signed with a key that is not the sub-account wallet is refused', async () => {
    const issues = await refusal(
      gtcBuy(),
      ctx({ owner: { mode: 'partner-signed', subAccountId: 42, wallet: SUB_WALLET } }),
    );
    expect(issues[0]?.field).toBe('signer');
    expect(issues[0]?.message).toContain(SUB_WALLET);
  });

  it('delegated: no signature even when a key is at hand; ids are the sub-account', async () => {
    const owner = {
      mode: 'delegated',
      subAccountId: 42,
      wallet: SUB_WALLET.toLowerCase(),
    } as const;
    const built = await buildOrderRequest(gtcBuy(), ctx({ owner }));
    expect(built.body.order).not.toHaveProperty('signature');
    expect(built.body.order).not.toHaveProperty('signatureType');
    expect(built.json).not.toContain('signature');
    expect(built.body).toMatchObject({ ownerId: 42, onBehalfOf: 42 });
    expect(built.body.order.maker).toBe(SUB_WALLET);
    const parsed = PlaceOrderBody.parse(JSON.parse(built.json));
    expect(placeOrderIssues(parsed, true)).toEqual([]);
    expect(ownerIssues(parsed, owner)).toEqual([]);
    // Outside delegated signing, the same unsigned bytes are refused.
    expect(placeOrderIssues(parsed, false)[0]?.field).toBe('order.signature');
  });
});

describe('buildOrderRequest: an order signed ahead', () => {
  const fokBuy = (clientOrderId: string): OrderRequestInput => ({
    amounts: { orderType: 'FOK', side: 'BUY', spend: 5n * C },
    outcome: 'NO',
    clientOrderId,
  });
  const domain = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);

  it('sends the stocked salt and signature, which are viem’s signature of the struct sent', async () => {
    const stock = new SignatureStock(() => undefined);
    const context = ctx({ signer: localOrderSigner(EIP712_VECTOR.privateKey), signatures: stock });
    await stockOrderSignature(fokBuy('unused'), context);
    expect(stock.size).toBe(1);
    const built = await buildOrderRequest(fokBuy('c-1'), context);
    expect(stock.size).toBe(0);
    expect(built.body.order.signature).toBe(
      await account.signTypedData(orderTypedData(domain, built.struct)),
    );
    expect(await recoverOrderSigner(domain, built.struct, built.body.order.signature as Hex)).toBe(
      account.address,
    );
    expect(serverIssues(built)).toEqual([]);
  });

  it('signs at the press once the stock is used up, never reusing a salt', async () => {
    const stock = new SignatureStock(() => undefined);
    const context = ctx({ signer: localOrderSigner(EIP712_VECTOR.privateKey), signatures: stock });
    await stockOrderSignature(fokBuy('unused'), context);
    const first = await buildOrderRequest(fokBuy('c-1'), context);
    const second = await buildOrderRequest(fokBuy('c-2'), context);
    expect(second.struct.salt).not.toBe(first.struct.salt);
    expect(second.body.order.signature).toBe(
      await account.signTypedData(orderTypedData(domain, second.struct)),
    );
  });

  it('a fixed salt is always signed at the press, whatever is stocked', async () => {
    const stock = new SignatureStock(() => undefined);
    const context = ctx({ signer: localOrderSigner(EIP712_VECTOR.privateKey), signatures: stock });
    await stockOrderSignature(gtcBuy(), context);
    const built = await buildOrderRequest(gtcBuy(), context);
    expect(built.body.order.signature).toBe(EIP712_VECTOR.signature);
    expect(stock.size).toBe(1);
  });
});
