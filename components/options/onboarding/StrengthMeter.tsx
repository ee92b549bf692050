import { strengthHint } from './passphrase-step';

/** A strength hint that reads without colour: the word is in the text. */
export function StrengthMeter({ passphrase, id }: { passphrase: string; id: string }) {
  const hint = strengthHint(passphrase);
  return (
    <div class={`strength strength-${hint.strength}`} id={id} aria-live="polite">
      <div class="strength-bar" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <span key={i} class={i < hint.level ? 'filled' : ''} />
        ))}
      </div>
      <span class="strength-label">
        Strength: <strong>{hint.label}</strong>. {hint.advice}
      </span>
    </div>
  );
}
