import { z } from 'zod';
import { ClientErrorInfo, ExchangeError } from '../core/client/errors';
import type { MESSAGES } from './messages';
import { type MessageDef, type PANEL_MESSAGES, PROTOCOL } from './panel-protocol';

export type RawSend = (envelope: unknown) => Promise<unknown>;

type Registry = Record<string, MessageDef<z.ZodType, z.ZodType>>;

const ReplyShape = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ClientErrorInfo }),
]);

export type SendFor<R extends Registry> = <N extends keyof R & string>(
  name: N,
  request: z.input<R[N]['request']>,
) => Promise<z.output<R[N]['response']>>;

/**
 * Typed sending for UIs: checks the request before it leaves and the answer when it
 * comes back; a refusal arrives as an `ExchangeError` with its typed info. The registry
 * is the set of messages this context may send (the page panel gets only its own).
 */
export function createMessenger<R extends Registry>(rawSend: RawSend, registry: R): SendFor<R> {
  return async (name, request) => {
    const def = registry[name];
    if (!def) {
      throw new ExchangeError({
        kind: 'unavailable',
        message: `"${name}" is not a message of this page.`,
      });
    }
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
    return data.data as z.output<R[typeof name]['response']>;
  };
}

/** Sending every message (extension pages). */
export type Messenger = SendFor<typeof MESSAGES>;
/** Sending the page panel's messages only (content scripts). */
export type PanelMessenger = SendFor<typeof PANEL_MESSAGES>;
