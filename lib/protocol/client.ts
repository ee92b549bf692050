import type { z } from 'zod';
import { type ClientErrorInfo, ExchangeError } from '../core/client/errors';
import type { MESSAGES } from './messages';
import { PROTOCOL } from './names';
import type { MessageDef, PANEL_MESSAGES } from './panel-protocol';
import { isRecord } from './shapes';

export type RawSend = (envelope: unknown) => Promise<unknown>;

type Registry = Record<string, MessageDef<z.ZodType, z.ZodType>>;

export type SendFor<R extends Registry> = <N extends keyof R & string>(
  name: N,
  request: z.input<R[N]['request']>,
) => Promise<z.output<R[N]['response']>>;

/**
 * The background's answer, told apart by its shape only. The router (router.ts) checked
 * the request against its schema (a refusal comes back as a `validation` error with the
 * fields to change) and the answer against the response schema before replying, so a
 * second parse here would only cost a UI (a market page's tab above all) a schema library.
 */
function readReply(
  answer: unknown,
): { ok: true; data: unknown } | { ok: false; error: ClientErrorInfo } | null {
  if (!isRecord(answer)) return null;
  if (answer.ok === true && 'data' in answer) return { ok: true, data: answer.data };
  if (answer.ok === false && isRecord(answer.error) && typeof answer.error.kind === 'string')
    return { ok: false, error: answer.error as ClientErrorInfo };
  return null;
}

/**
 * Typed sending for UIs: a refusal arrives as an `ExchangeError` with its typed info. The
 * registry type is the set of messages this context may name (the page panel gets only
 * its own); which sender may send what is the background's check, at its door.
 */
export function createMessenger<R extends Registry>(rawSend: RawSend): SendFor<R> {
  return async (name, request) => {
    let answer: unknown;
    try {
      answer = await rawSend({ protocol: PROTOCOL, name, payload: request });
    } catch (error) {
      throw new ExchangeError({
        kind: 'unavailable',
        message: `The extension's background did not answer (${error instanceof Error ? error.message : 'no answer'}).`,
      });
    }
    const reply = readReply(answer);
    if (!reply) {
      throw new ExchangeError({
        kind: 'unavailable',
        message: "The extension's background sent an unreadable answer.",
      });
    }
    if (!reply.ok) throw new ExchangeError(reply.error);
    return reply.data as z.output<R[typeof name]['response']>;
  };
}

/** Sending every message (extension pages). */
export type Messenger = SendFor<typeof MESSAGES>;
/** Sending the page panel's messages only (content scripts). */
export type PanelMessenger = SendFor<typeof PANEL_MESSAGES>;
