import type { z } from 'zod';
import { type ClientErrorInfo, toErrorInfo } from '../core/client/errors';
import {
  Envelope,
  MESSAGES,
  type MessageName,
  type ParsedRequestOf,
  type ResponseOf,
  type SenderKind,
} from './messages';
import {
  classifySender,
  type SenderInfo,
  type SenderPolicy,
  type SenderVerdict,
  senderAllowed,
} from './sender';

export type Reply<T> = { ok: true; data: T } | { ok: false; error: ClientErrorInfo };

export type Handler<N extends MessageName> = (
  request: ParsedRequestOf<N>,
  sender: Exclude<SenderVerdict, { kind: 'refused' }>,
) => Promise<ResponseOf<N>>;

export type Handlers = { [N in MessageName]: Handler<N> };

const refuse = (message: string): Reply<never> => ({
  ok: false,
  error: { kind: 'forbidden', message },
});

function invalid(error: z.ZodError, what: string): Reply<never> {
  return {
    ok: false,
    error: {
      kind: 'validation',
      source: 'client',
      issues: error.issues.slice(0, 10).map((i) => ({
        field: i.path.join('.') || what,
        message: i.message,
      })),
    },
  };
}

/** How a refusal names the sender it refused. */
const SENDER_NAMES: Record<SenderKind, string> = {
  page: 'an extension page',
  content: 'a web page',
  'panel-frame': "the page panel's frame",
};

const isMessageName = (name: string): name is MessageName => Object.hasOwn(MESSAGES, name);

/**
 * The background's single entry for messages: checks who sent it, that the name is
 * known and allowed for that sender, that the payload matches its schema, runs the
 * handler, and checks the answer against its schema before it leaves. Always answers
 * a `Reply`; never throws.
 */
export function createRouter(handlers: Handlers, policy: () => SenderPolicy) {
  return async function route(raw: unknown, sender: SenderInfo): Promise<Reply<unknown>> {
    const envelope = Envelope.safeParse(raw);
    if (!envelope.success) return refuse('not a message of this extension');
    const { name, payload } = envelope.data;
    if (!isMessageName(name)) return refuse(`unknown message "${name.slice(0, 64)}"`);
    const def = MESSAGES[name];
    const rules = policy();
    const verdict = classifySender(sender, rules);
    if (verdict.kind === 'refused') return refuse(`sender refused: ${verdict.reason}`);
    if (!senderAllowed(verdict, def.senders, rules))
      return refuse(`"${name}" may not be sent from ${SENDER_NAMES[verdict.kind]}`);

    const request = def.request.safeParse(payload);
    if (!request.success) return invalid(request.error, 'payload');
    try {
      const handler = handlers[name] as (req: unknown, s: typeof verdict) => Promise<unknown>;
      const result = await handler(request.data, verdict);
      const response = def.response.safeParse(result);
      if (!response.success) {
        return {
          ok: false,
          error: {
            kind: 'unavailable',
            message: `internal error: the answer to "${name}" has an unexpected shape`,
          },
        };
      }
      return { ok: true, data: response.data };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    }
  };
}
