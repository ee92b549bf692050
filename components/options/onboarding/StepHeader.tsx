import { useEffect, useRef } from 'preact/hooks';

export const STEP_TITLES = ['Exchange', 'API token', 'Signing', 'Passphrase', 'Token approvals'];

/** "Step 2 of 5": focused when the step appears, so keyboard and screen-reader users land on it. */
export function StepHeader({ index, intro }: { index: number; intro?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [index]);
  return (
    <header class="step-header">
      <ol class="steps" aria-label="Setup steps">
        {STEP_TITLES.map((title, i) => (
          <li
            key={title}
            class={i === index ? 'current' : i < index ? 'done' : ''}
            aria-current={i === index ? 'step' : undefined}
          >
            {title}
          </li>
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1}>
        Step {index + 1} of {STEP_TITLES.length}: {STEP_TITLES[index]}
      </h2>
      {intro ? <p class="intro">{intro}</p> : null}
    </header>
  );
}
