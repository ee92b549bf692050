import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A confirmation in place: states what will happen, focuses its confirm button, and
 * Escape (or Cancel) backs out.
 */
export function ConfirmBox({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  danger = false,
}: {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div
      class={danger ? 'confirm-box danger' : 'confirm-box'}
      role="alertdialog"
      aria-labelledby="confirm-box-title"
      aria-describedby="confirm-box-body"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <h3 id="confirm-box-title">{title}</h3>
      <div id="confirm-box-body">{children}</div>
      <div class="actions">
        <button
          ref={confirm}
          type="button"
          class={danger ? 'danger' : 'primary'}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
