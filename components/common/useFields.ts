import { useRef, useState } from 'preact/hooks';
import type { FieldIssues } from './field-issues';

export interface Fields<F extends string> {
  values: Record<F, string>;
  issues: FieldIssues<F>;
  setIssues(issues: FieldIssues<F>): void;
  /** Sets values as a whole, not as typing (a demo account filling the form, a clear after saving). */
  fill(values: Partial<Record<F, string>>): void;
  /** `value` and `onInput` of one field's TextField: typing clears what was said about it. */
  bind(field: F): { value: string; onInput: (value: string) => void };
  /**
   * A form's submit handler: `check` finds the issues of the values; none, and `then`
   * runs with them. Issues stay beside their fields until the user types there.
   */
  submit(
    check: (values: Record<F, string>) => FieldIssues<F>,
    then: (values: Record<F, string>) => void,
  ): (event: Event) => void;
}

/**
 * The text fields of one form, their issues, and the rule every option form follows:
 * an issue shows beside its field until that field is edited, and an edit also clears
 * the form's last refusal (`onEdit`, e.g. an action's reset). `linked` fields are checked
 * together (a passphrase and its confirmation): editing one clears the issues of all.
 */
export function useFields<F extends string>(
  initial: Record<F, string>,
  options: { onEdit?: (field: F) => void; linked?: boolean } = {},
): Fields<F> {
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<FieldIssues<F>>({});
  // Handlers read the latest options without being rebuilt each render.
  const latest = useRef(options);
  latest.current = options;
  const hasIssues = (found: FieldIssues<F>) => Object.values(found).some(Boolean);
  return {
    values,
    issues,
    setIssues,
    fill: (next) => setValues((current) => ({ ...current, ...next })),
    bind: (field) => ({
      value: values[field],
      onInput: (value: string) => {
        setValues((current) => ({ ...current, [field]: value }));
        if (latest.current.linked) {
          if (hasIssues(issues)) setIssues({});
        } else if (issues[field]) {
          setIssues({ ...issues, [field]: undefined });
        }
        latest.current.onEdit?.(field);
      },
    }),
    submit: (check, then) => (event) => {
      event.preventDefault();
      const found = check(values);
      setIssues(found);
      if (!hasIssues(found)) then(values);
    },
  };
}
