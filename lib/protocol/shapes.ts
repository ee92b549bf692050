import type { PanelPortMessage } from './panel-views';
import type { StatePortMessage } from './views';

/*
 * Shape checks for what a UI receives from our own background: messages on a port the UI
 * opened, built by the background from data its schemas already parsed. They tell one
 * message from another and keep a stray value out; they do not re-check every field, which
 * cost the popup a schema library and a frame per update (test/lib/protocol/shapes.test.ts
 * holds each one to accept whatever its schema accepts).
 */

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function isPanelPortMessage(raw: unknown): raw is PanelPortMessage {
  return (
    isRecord(raw) &&
    raw.topic === 'panel' &&
    isRecord(raw.data) &&
    typeof raw.data.marketSlug === 'string'
  );
}

export function isStatePortMessage(raw: unknown): raw is StatePortMessage {
  return isRecord(raw) && (raw.topic === 'snapshot' || raw.topic === 'patch') && isRecord(raw.data);
}
