import { z } from 'zod';
import { ClientErrorInfo, ExchangeError } from '../client/errors';
import { MESSAGES, type MessageName, PROTOCOL, type RequestOf, type ResponseOf } from './protocol';

export type RawSend = (envelope: unknown) => Promise<unknown>;

const ReplyShape = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ClientErrorInfo }),
]);

/**
 * Typed sending for UIs: checks the request before it leaves and the answer when it
 * comes back; a refusal arrives as an `ExchangeError` with its typed info.
 */
export function createMessenger(rawSend: RawSend) {
  return async function send<N extends MessageName>(
    name: N,
    request: RequestOf<N>,
  ): Promise<ResponseOf<N>> {
    const def = MESSAGES[name];
    const checked = def.request.safeParse(request);
    if (!checked.success) {
      throw new ExchangeError({
        kind: 'validation',
        source: 'client',
        issues: checked.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      });
    }
    let answer: unknown;
    try {
      answer = await rawSend({ protocol: PROTOCOL, name, payload: request });
    } catch (error) {
      throw new ExchangeError({
        kind: 'unavailable',
        message: `The extension's background did not answer (${error instanceof Error ? error.message : 'no answer'}).`,
      });
    }
    const reply = ReplyShape.safeParse(answer);
    if (!reply.success) {
      throw new ExchangeError({
        kind: 'unavailable',
        message: "The extension's background sent an unreadable answer.",
      });
    }
    if (!reply.data.ok) throw new ExchangeError(reply.data.error);
    const data = def.response.safeParse(reply.data.data);
    if (!data.success) {
      throw new ExchangeError({
        kind: 'unavailable',
        message: `The answer to "${name}" has an unexpected shape.`,
      });
    }
    return data.data as ResponseOf<N>;
  };
}

export type Messenger = ReturnType<typeof createMessenger>;
