/**
 * One labelled form field: label, control, help text and error message, wired together so the
 * label is the control's accessible name and the error and help are its description.
 */
import type { ComponentChildren } from 'preact';

/** The attributes a field's control must carry. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  id: string;
  label: string;
  /** Help shown under the control. */
  hint?: ComponentChildren;
  /** What to fix, shown next to the control; null when the value is fine. */
  error?: string | null;
  /** Renders the control with the given attributes (and anything that sits beside it). */
  children: (control: ControlProps) => ComponentChildren;
}

/** A labelled field with its help and error text. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The error comes first so a screen reader says what is wrong before the general help.
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label for={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <p id={errorId} class="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} class="hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
