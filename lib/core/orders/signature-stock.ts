import type { Address, Hex, TypedDataDomain } from 'viem';
import { randomSalt } from './salt';
import type { OrderStruct } from './typed-data';

/** Everything an order signs but its salt: what is known of a quick-buy button before its click. */
export type OrderTemplate = Omit<OrderStruct, 'salt'>;

/** A signature of one order, made ahead, with the salt it was made with. */
export interface StockedSignature {
  salt: bigint;
  signature: Hex;
}

/** Signs one order's typed data (the session's signer, bound). */
export type SignOrder = (domain: TypedDataDomain, struct: OrderStruct) => Promise<Hex>;

/** Distinct orders kept ready at once: a market's buttons, both outcomes, a few markets. */
const MAX_KEYS = 64;

/**
 * How long a refill waits after a take. Not the next task: the taken order leaves only once
 * its journal write is answered (`OrderDesk.send`), a task or more later, and a refill is a
 * synchronous secp256k1 signature of 1-3 ms. Run in the next task, it ran ahead of that
 * answer and held the click's bytes back by as much (seen in a trace of the worker). A second
 * press of the same button this soon signs at its click, like every press that finds no
 * stocked signature.
 */
export const REFILL_DELAY_MS = 30;

/**
 * Order signatures made before the click, so a press whose order is known in advance (a
 * FOK buy of a preset: amount, token, fee and signer are fixed, only the salt is free)
 * goes out without the secp256k1 signature on its path.
 *
 * Nothing is given up: a signature is made over exactly the struct that is sent, with a
 * fresh random salt, by the same deterministic signer as at the click (so it equals viem's
 * for that struct); each one is handed out once, so no two orders share a salt; and it
 * lives only as long as the trading session that holds the key. An order whose struct is
 * not stocked is signed at the click, as before, and the one taken or missed is signed
 * again after (off the click's path) for the next identical press.
 */
export class SignatureStock {
  readonly #ready = new Map<string, StockedSignature>();
  readonly #pending = new Set<string>();

  /** `later` runs a refill once the taken order has left (see `REFILL_DELAY_MS`). */
  constructor(
    private readonly later: (run: () => void) => void = (run) =>
      void setTimeout(run, REFILL_DELAY_MS),
  ) {}

  /**
   * The stocked signature of this exact order, given out once; null when there is none.
   * Either way the same order is signed again for the next press, after this task.
   */
  take(
    signer: Address,
    sign: SignOrder,
    domain: TypedDataDomain,
    template: OrderTemplate,
  ): StockedSignature | null {
    const key = stockKey(signer, domain, template);
    const stocked = this.#ready.get(key) ?? null;
    this.#ready.delete(key);
    this.later(() => void this.fillKey(key, sign, domain, template));
    return stocked;
  }

  /** Signs this order ahead with a fresh salt, unless one is stocked or being signed. */
  fill(
    signer: Address,
    sign: SignOrder,
    domain: TypedDataDomain,
    template: OrderTemplate,
  ): Promise<void> {
    return this.fillKey(stockKey(signer, domain, template), sign, domain, template);
  }

  /** How many orders are ready (tests, diagnostics). */
  get size(): number {
    return this.#ready.size;
  }

  private async fillKey(
    key: string,
    sign: SignOrder,
    domain: TypedDataDomain,
    template: OrderTemplate,
  ): Promise<void> {
    if (this.#ready.has(key) || this.#pending.has(key)) return;
    this.#pending.add(key);
    try {
      const salt = randomSalt();
      const signature = await sign(domain, { salt, ...template });
      if (this.#ready.size >= MAX_KEYS) {
        // The oldest first: a market left long ago, a preset since changed.
        const oldest = this.#ready.keys().next().value;
        if (oldest !== undefined) this.#ready.delete(oldest);
      }
      this.#ready.set(key, { salt, signature });
    } catch {
      // Not stocked: the press signs at the click and says there why it cannot.
    } finally {
      this.#pending.delete(key);
    }
  }
}

/** Every signed field but the salt, with the signer and domain: two orders share a key only if their structs differ in salt alone. */
function stockKey(signer: Address, domain: TypedDataDomain, t: OrderTemplate): string {
  return JSON.stringify([
    signer.toLowerCase(),
    domain.name,
    domain.version,
    String(domain.chainId),
    domain.verifyingContract?.toLowerCase(),
    domain.salt ?? null,
    t.maker,
    t.signer,
    t.taker,
    String(t.tokenId),
    String(t.makerAmount),
    String(t.takerAmount),
    String(t.expiration),
    String(t.nonce),
    String(t.feeRateBps),
    t.side,
    t.signatureType,
  ]);
}
