import type { Hex, TypedDataDomain } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OrderContext, stockOrderSignature } from '../../../../lib/core/orders/build';
import { localOrderSigner } from '../../../../lib/core/orders/fast-typed-data';
import {
  type OrderTemplate,
  REFILL_DELAY_MS,
  SignatureStock,
  type SignOrder,
} from '../../../../lib/core/orders/signature-stock';
import type { OrderStruct } from '../../../../lib/core/orders/typed-data';
import { orderDomain, ZERO_ADDRESS } from '../../../../lib/core/orders/typed-data';
import { EIP712_VECTOR, vectorAccount, vectorOrderContext } from './vectors';

const account = vectorAccount();
const domain = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
const template = (over: Partial<OrderTemplate> = {}): OrderTemplate => ({
  maker: account.address,
  signer: account.address,
  taker: ZERO_ADDRESS,
  tokenId: BigInt(EIP712_VECTOR.tokenId),
  makerAmount: 5_000_000n,
  takerAmount: 1n,
  expiration: 0n,
  nonce: 0n,
  feeRateBps: 0n,
  side: 0,
  signatureType: 0,
  ...over,
});

/** A signer that records what it was asked to sign and answers a made-up signature. */
function recordingSigner(): { sign: SignOrder; signed: OrderStruct[] } {
  const signed: OrderStruct[] = [];
  return {
    signed,
    sign: async (_domain: TypedDataDomain, struct: OrderStruct) => {
      signed.push(struct);
      return `0x${signed.length.toString(16).padStart(130, '0')}` as Hex;
    },
  };
}

/** Refills run only when the test says so. */
function manualLater() {
  const queue: (() => void)[] = [];
  return {
    later: (run: () => void) => void queue.push(run),
    runAll: async () => {
      for (const run of queue.splice(0)) run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('SignatureStock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("by default refills only after the click's next tasks, where its journal answer and send run", async () => {
    vi.useFakeTimers();
    const { sign, signed } = recordingSigner();
    const stock = new SignatureStock();
    expect(stock.take(account.address, sign, domain, template())).toBeNull();
    // The journal write's answer and the send come a task or two after the take: a refill
    // there would put its signature between the two.
    await vi.advanceTimersByTimeAsync(5);
    expect(signed).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(REFILL_DELAY_MS);
    expect(signed).toHaveLength(1);
    expect(stock.size).toBe(1);
  });

  it('gives a stocked signature once, with the salt it was signed with', async () => {
    const { sign, signed } = recordingSigner();
    const { later } = manualLater();
    const stock = new SignatureStock(later);
    await stock.fill(account.address, sign, domain, template());
    const first = stock.take(account.address, sign, domain, template());
    expect(first).not.toBeNull();
    expect(first?.salt).toBe(signed[0]?.salt);
    expect(signed[0]).toEqual({ salt: first?.salt, ...template() });
    expect(stock.take(account.address, sign, domain, template())).toBeNull();
  });

  it('signs the order taken (or missed) again after the click, with a fresh salt', async () => {
    const { sign, signed } = recordingSigner();
    const { later, runAll } = manualLater();
    const stock = new SignatureStock(later);
    expect(stock.take(account.address, sign, domain, template())).toBeNull();
    expect(signed).toHaveLength(0);
    await runAll();
    const next = stock.take(account.address, sign, domain, template());
    expect(next?.salt).toBe(signed[0]?.salt);
    await runAll();
    const third = stock.take(account.address, sign, domain, template());
    expect(third?.salt).toBe(signed[1]?.salt);
    expect(third?.salt).not.toBe(next?.salt);
  });

  it('never gives a signature for an order that differs in any signed field, signer or domain', async () => {
    const { sign } = recordingSigner();
    const stock = new SignatureStock(() => undefined);
    await stock.fill(account.address, sign, domain, template());
    const others: [string, () => unknown][] = [
      ['amount', () => stock.take(account.address, sign, domain, template({ makerAmount: 1n }))],
      ['token', () => stock.take(account.address, sign, domain, template({ tokenId: 424242n }))],
      ['fee', () => stock.take(account.address, sign, domain, template({ feeRateBps: 1n }))],
      ['side', () => stock.take(account.address, sign, domain, template({ side: 1 }))],
      [
        'contract',
        () =>
          stock.take(
            account.address,
            sign,
            orderDomain(EIP712_VECTOR.exchangeName, ZERO_ADDRESS),
            template(),
          ),
      ],
      [
        'exchange name',
        () =>
          stock.take(
            account.address,
            sign,
            orderDomain('Other', EIP712_VECTOR.verifyingContract),
            template(),
          ),
      ],
      ['signer', () => stock.take(ZERO_ADDRESS, sign, domain, template())],
    ];
    for (const [what, take] of others) expect(take(), what).toBeNull();
    expect(stock.take(account.address, sign, domain, template())).not.toBeNull();
  });

  it('signs an order once while its signature is on its way, and stocks nothing a signer refused', async () => {
    const { sign, signed } = recordingSigner();
    const stock = new SignatureStock(() => undefined);
    await Promise.all([
      stock.fill(account.address, sign, domain, template()),
      stock.fill(account.address, sign, domain, template()),
    ]);
    expect(signed).toHaveLength(1);
    const refusing: SignOrder = async () => {
      throw new Error('locked');
    };
    await stock.fill(account.address, refusing, domain, template({ makerAmount: 7_000_000n }));
    expect(stock.size).toBe(1);
  });

  it('keeps a bounded number of orders, dropping the oldest', async () => {
    const { sign } = recordingSigner();
    const stock = new SignatureStock(() => undefined);
    for (let i = 1; i <= 70; i++) {
      await stock.fill(account.address, sign, domain, template({ makerAmount: BigInt(i * 1000) }));
    }
    expect(stock.size).toBe(64);
    expect(stock.take(account.address, sign, domain, template({ makerAmount: 1000n }))).toBeNull();
    expect(
      stock.take(account.address, sign, domain, template({ makerAmount: 70_000n })),
    ).not.toBeNull();
  });
});

describe('stockOrderSignature', () => {
  const ctx = (stock: SignatureStock): OrderContext =>
    vectorOrderContext({ signer: localOrderSigner(EIP712_VECTOR.privateKey), signatures: stock });

  it('stocks nothing for an order that breaks a rule (the press says why)', async () => {
    const stock = new SignatureStock(() => undefined);
    await stockOrderSignature(
      { amounts: { orderType: 'FOK', side: 'BUY', spend: 0n }, outcome: 'YES' },
      ctx(stock),
    );
    expect(stock.size).toBe(0);
  });
});
