import type { ComponentChildren } from 'preact';

/**
 * A labelled input with its hint and its one-sentence error beside it; the error is tied
 * to the input (`aria-describedby`, `aria-invalid`) so it is read with the field.
 */
export function TextField({
  id,
  label,
  value,
  onInput,
  error,
  hint,
  type = 'text',
  autoComplete = 'off',
  placeholder,
  inputMode,
  disabled = false,
  spellcheck = false,
}: {
  id: string;
  label: ComponentChildren;
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
  hint?: ComponentChildren;
  type?: 'text' | 'password' | 'url' | 'number';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'url';
  disabled?: boolean;
  spellcheck?: boolean;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        disabled={disabled}
        spellcheck={spellcheck}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onInput={(event) => onInput((event.currentTarget as HTMLInputElement).value)}
      />
      {hint ? (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
