import { describe, expect, it } from 'vitest';
import {
  type ParsedPlaceOrderBody,
  PlaceOrderBody,
  type PlaceOrderBody as PlaceOrderBodyInput,
} from '../../../../lib/core/api/orders';
import {
  MAX_CLIENT_ORDER_ID_LENGTH,
  MAX_RECV_WINDOW_MS,
  type OwnerContext,
  ownerIssues,
  placeOrderIssues,
} from '../../../../lib/core/orders/rules';
import { EIP712_VECTOR, vectorAccount } from './vectors';

const account = vectorAccount().address; // 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
const ZERO = '0x0000000000000000000000000000000000000000';

/** The known-answer order as sent: a valid GTC BUY of 10 at 0.55. */
function wire(overrides: {
  order?: Partial<PlaceOrderBodyInput['order']>;
  top?: Partial<Omit<PlaceOrderBodyInput, 'order'>>;
  drop?: (keyof PlaceOrderBodyInput['order'])[];
}): ParsedPlaceOrderBody {
  const order: Record<string, unknown> = {
    salt: '1234567890',
    maker: account,
    signer: account,
    taker: ZERO,
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
    ...overrides.order,
  };
  for (const key of overrides.drop ?? []) delete order[key];
  return PlaceOrderBody.parse({
    order,
    ownerId: 7,
    orderType: 'GTC',
    marketSlug: 'will-it-rain',
    clientOrderId: 'c-1',
    ...overrides.top,
  });
}

const fieldsOf = (body: ParsedPlaceOrderBody, delegated = false) =>
  placeOrderIssues(body, delegated).map((i) => i.field);

describe('placeOrderIssues', () => {
  it('finds nothing wrong with the known-answer order', () => {
    expect(placeOrderIssues(wire({}), false)).toEqual([]);
  });

  describe('rule 1: signature and signatureType', () => {
    it('refuses a signature without signatureType and the reverse', () => {
      expect(placeOrderIssues(wire({ drop: ['signatureType'] }), false)).toEqual([
        {
          field: 'order.signature',
          message: 'signature and signatureType must be sent together, or both omitted',
        },
      ]);
      expect(fieldsOf(wire({ drop: ['signature'] }))).toEqual(['order.signature']);
      // Even where omission is allowed, half a pair is wrong.
      expect(fieldsOf(wire({ drop: ['signature'] }), true)).toEqual(['order.signature']);
    });

    it('refuses an unsigned order unless delegated signing applies', () => {
      const unsigned = wire({ drop: ['signature', 'signatureType'] });
      expect(placeOrderIssues(unsigned, false)).toEqual([
        {
          field: 'order.signature',
          message:
            'the order is not signed; only delegated signing (onBehalfOf with a delegated_signing token) may omit the signature',
        },
      ]);
      expect(placeOrderIssues(unsigned, true)).toEqual([]);
    });

    it('refuses a signatureType other than 0 (EOA)', () => {
      expect(fieldsOf(wire({ order: { signatureType: 2 } }))).toEqual(['order.signatureType']);
    });
  });

  it('rule 2: nonce must be 0', () => {
    expect(placeOrderIssues(wire({ order: { nonce: 1 } }), false)).toEqual([
      { field: 'order.nonce', message: 'nonce must be 0' },
    ]);
    // "must be the numeric value 0": the string "0" is not a JSON integer.
    expect(() => wire({ order: { nonce: '0' as unknown as number } })).toThrow(
      /nonce must be a JSON integer/,
    );
  });

  it('expiration may be omitted or zero, never anything else', () => {
    expect(placeOrderIssues(wire({ drop: ['expiration'] }), false)).toEqual([]);
    expect(placeOrderIssues(wire({ order: { expiration: 0 } }), false)).toEqual([]);
    expect(placeOrderIssues(wire({ order: { expiration: '1767225600' } }), false)).toEqual([
      {
        field: 'order.expiration',
        message: 'expiration must be 0: orders that expire are not supported',
      },
    ]);
  });

  it('rule 3: makerAmount of at least 100 raw units', () => {
    // SELL 99 raw contracts at 0.5 would be exact but too small; FOK keeps price out of it.
    const small = wire({
      order: { makerAmount: 99, takerAmount: 1, side: 1 },
      drop: ['price'],
      top: { orderType: 'FOK' },
    });
    expect(placeOrderIssues(small, false)).toEqual([
      {
        field: 'order.makerAmount',
        message: 'makerAmount must be at least 100 raw units (0.0001); it is 99',
      },
    ]);
    const floor = wire({
      order: { makerAmount: 100, takerAmount: 1, side: 1 },
      drop: ['price'],
      top: { orderType: 'FOK' },
    });
    expect(placeOrderIssues(floor, false)).toEqual([]);
  });

  it('maker, signer and taker must be checksummed (EIP-55)', () => {
    const lower = account.toLowerCase();
    expect(placeOrderIssues(wire({ order: { maker: lower } }), false)).toEqual([
      { field: 'order.maker', message: 'maker must be a checksummed (EIP-55) address' },
    ]);
    expect(fieldsOf(wire({ order: { signer: lower } }))).toEqual(['order.signer']);
    expect(
      fieldsOf(wire({ order: { taker: '0x5fbdb2315678afecb367f032d93f642f64180aa3' } })),
    ).toEqual(['order.taker']);
  });

  describe('rules 4 and 5: price by order type', () => {
    it('GTC and FAK need a price', () => {
      expect(placeOrderIssues(wire({ drop: ['price'] }), false)).toEqual([
        { field: 'order.price', message: 'a GTC order needs a price between 0.01 and 0.99' },
      ]);
      expect(fieldsOf(wire({ drop: ['price'], top: { orderType: 'FAK' } }))).toEqual([
        'order.price',
      ]);
    });

    it('the price must lie on the grid and in range', () => {
      expect(fieldsOf(wire({ order: { price: 0.5555 } }))).toEqual(['order.price']);
      expect(fieldsOf(wire({ order: { price: 0.1 + 0.2 } }))).toEqual(['order.price']);
      expect(placeOrderIssues(wire({ order: { price: 0.991 } }), false)[0]?.message).toBe(
        'price 0.991 is outside 0.01 to 0.99',
      );
      expect(fieldsOf(wire({ order: { price: 0.009 } }))).toEqual(['order.price']);
    });

    it('BUY: makerAmount must equal price × takerAmount exactly', () => {
      expect(placeOrderIssues(wire({ order: { makerAmount: 5_500_001 } }), false)).toEqual([
        {
          field: 'order.makerAmount',
          message: 'for a GTC BUY, makerAmount must equal price × takerAmount exactly',
        },
      ]);
    });

    it('SELL: takerAmount must equal price × makerAmount exactly', () => {
      const sell = (takerAmount: number) =>
        wire({ order: { side: 1, makerAmount: 10_000_000, takerAmount } });
      expect(placeOrderIssues(sell(5_500_000), false)).toEqual([]);
      expect(placeOrderIssues(sell(5_499_999), false)).toEqual([
        {
          field: 'order.takerAmount',
          message: 'for a GTC SELL, takerAmount must equal price × makerAmount exactly',
        },
      ]);
    });

    it('FOK must not carry a price, and has takerAmount 1', () => {
      const fok = (order: Partial<PlaceOrderBodyInput['order']>, drop: 'price'[] = []) =>
        wire({
          order: { makerAmount: 5_500_000, takerAmount: 1, ...order },
          drop,
          top: { orderType: 'FOK' },
        });
      expect(placeOrderIssues(fok({}, ['price']), false)).toEqual([]);
      expect(placeOrderIssues(fok({ price: 0.55 }), false)).toEqual([
        { field: 'order.price', message: 'a FOK order must not carry a price' },
      ]);
      expect(placeOrderIssues(fok({ takerAmount: 10_000_000 }, ['price']), false)).toEqual([
        {
          field: 'order.takerAmount',
          message: 'a FOK order has takerAmount 1 (makerAmount is what it spends or sells)',
        },
      ]);
    });
  });

  it('rule 6: postOnly only on GTC', () => {
    expect(placeOrderIssues(wire({ top: { postOnly: true } }), false)).toEqual([]);
    expect(placeOrderIssues(wire({ top: { orderType: 'FAK', postOnly: true } }), false)).toEqual([
      { field: 'postOnly', message: 'postOnly is only supported for GTC orders' },
    ]);
    expect(placeOrderIssues(wire({ top: { orderType: 'FAK', postOnly: false } }), false)).toEqual(
      [],
    );
  });

  it(`clientOrderId: at most ${MAX_CLIENT_ORDER_ID_LENGTH} characters, not blank after trimming`, () => {
    const ok = 'x'.repeat(MAX_CLIENT_ORDER_ID_LENGTH);
    expect(placeOrderIssues(wire({ top: { clientOrderId: ok } }), false)).toEqual([]);
    expect(placeOrderIssues(wire({ top: { clientOrderId: `${ok}y` } }), false)).toEqual([
      { field: 'clientOrderId', message: 'clientOrderId must be at most 128 characters' },
    ]);
    // Length counts the submitted value, spaces included.
    expect(fieldsOf(wire({ top: { clientOrderId: ` ${ok}` } }))).toEqual(['clientOrderId']);
    for (const blank of ['', '   ', '\t\n']) {
      expect(placeOrderIssues(wire({ top: { clientOrderId: blank } }), false)).toEqual([
        { field: 'clientOrderId', message: 'clientOrderId must not be blank' },
      ]);
    }
    expect(placeOrderIssues(wire({ top: { clientOrderId: undefined } }), false)).toEqual([]);
  });

  it(`recvWindow up to ${MAX_RECV_WINDOW_MS} ms`, () => {
    expect(placeOrderIssues(wire({ top: { recvWindow: 10_000, timestamp: 1 } }), false)).toEqual(
      [],
    );
    expect(placeOrderIssues(wire({ top: { recvWindow: 10_001 } }), false)).toEqual([
      { field: 'recvWindow', message: 'recvWindow must be at most 10000 ms' },
    ]);
  });

  it('reports every broken rule at once', () => {
    const body = wire({ order: { nonce: 3, expiration: 9 }, top: { recvWindow: 20_000 } });
    expect(fieldsOf(body)).toEqual(['order.nonce', 'order.expiration', 'recvWindow']);
  });
});

describe('PlaceOrderBody schema: structural rules', () => {
  const raw = {
    order: {
      salt: '1',
      maker: account,
      signer: account,
      taker: ZERO,
      tokenId: '1',
      makerAmount: 100,
      takerAmount: 1,
      nonce: 0,
      feeRateBps: 0,
      side: 0,
    },
    ownerId: 7,
    orderType: 'FOK',
    marketSlug: 'm',
  };

  it('accepts each stpPolicy of the enum and refuses anything else', () => {
    for (const stpPolicy of ['cancel_maker', 'cancel_taker', 'cancel_both']) {
      expect(PlaceOrderBody.safeParse({ ...raw, stpPolicy }).success).toBe(true);
    }
    const bad = PlaceOrderBody.safeParse({ ...raw, stpPolicy: 'cancel_all' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['stpPolicy']);
  });

  it('reads a salt beyond 2^53 exactly from its decimal string', () => {
    const salt = '340282366920938463463374607431768211455';
    const parsed = PlaceOrderBody.parse({ ...raw, order: { ...raw.order, salt } });
    expect(parsed.order.salt).toBe(BigInt(salt));
  });

  it('refuses an orderType outside GTC, FAK, FOK and a side outside 0/1', () => {
    expect(PlaceOrderBody.safeParse({ ...raw, orderType: 'IOC' }).success).toBe(false);
    expect(PlaceOrderBody.safeParse({ ...raw, order: { ...raw.order, side: 2 } }).success).toBe(
      false,
    );
  });
});

describe('ownerIssues (rule 8)', () => {
  const sub = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
  const own: OwnerContext = { mode: 'own', profileId: 7, account };
  const partner: OwnerContext = { mode: 'partner-signed', subAccountId: 42, wallet: account };
  const delegated: OwnerContext = { mode: 'delegated', subAccountId: 42, wallet: sub };

  it('own order: ownerId is the caller, no onBehalfOf, maker and signer the caller', () => {
    expect(ownerIssues(wire({}), own)).toEqual([]);
    expect(ownerIssues(wire({ top: { ownerId: 8 } }), own)).toEqual([
      { field: 'ownerId', message: 'ownerId must be your own profile id' },
    ]);
    expect(ownerIssues(wire({ top: { onBehalfOf: 7 } }), own)).toEqual([
      { field: 'onBehalfOf', message: 'an order for your own profile must not set onBehalfOf' },
    ]);
    expect(ownerIssues(wire({ order: { maker: sub } }), own)).toEqual([
      { field: 'order.maker', message: 'maker and signer must be your own account address' },
    ]);
    expect(ownerIssues(wire({ order: { signer: sub } }), own)[0]?.field).toBe('order.maker');
  });

  it('partner-signed order: onBehalfOf and ownerId both the sub-account, maker = signer = its wallet', () => {
    expect(ownerIssues(wire({ top: { ownerId: 42, onBehalfOf: 42 } }), partner)).toEqual([]);
    const message = 'set both onBehalfOf and ownerId to the sub-account profile id';
    expect(ownerIssues(wire({ top: { ownerId: 42 } }), partner)).toEqual([
      { field: 'onBehalfOf', message },
    ]);
    // The partner's own id as ownerId is the classic mistake.
    expect(ownerIssues(wire({ top: { ownerId: 7, onBehalfOf: 42 } }), partner)).toEqual([
      { field: 'onBehalfOf', message },
    ]);
    expect(
      ownerIssues(wire({ order: { maker: sub }, top: { ownerId: 42, onBehalfOf: 42 } }), partner),
    ).toEqual([
      { field: 'order.maker', message: 'maker and signer must be the sub-account wallet address' },
    ]);
  });

  it('delegated order: ids as for partner orders, and no signature', () => {
    const unsigned = wire({
      order: { maker: sub, signer: sub },
      drop: ['signature', 'signatureType'],
      top: { ownerId: 42, onBehalfOf: 42 },
    });
    expect(ownerIssues(unsigned, delegated)).toEqual([]);
    expect(placeOrderIssues(unsigned, true)).toEqual([]);
    const signed = wire({
      order: { maker: sub, signer: sub },
      top: { ownerId: 42, onBehalfOf: 42 },
    });
    expect(ownerIssues(signed, delegated)).toEqual([
      {
        field: 'order.signature',
        message: 'a delegated order is signed by the server: send it without signature',
      },
    ]);
    expect(ownerIssues({ ...unsigned, onBehalfOf: undefined }, delegated)[0]?.field).toBe(
      'onBehalfOf',
    );
  });
});
