/**
 * The field of a document's name being typed: a rename, a copy's name, a new document's. One line
 * in its own direction (a right-to-left name keeps to itself), no spell check (names are not
 * words), named by `label`. Enter calls `onEnter` and Escape `onEscape` (its default prevented, so
 * Chrome does not close the whole popup), except when they end an IME composition.
 */
import type { Ref } from 'preact';

interface NameInputProps {
  label: string;
  value: string;
  onValue: (text: string) => void;
  onEnter?: () => void;
  /** Always handled: Escape left to the page would close Chrome's whole popup. */
  onEscape: () => void;
  inputRef?: Ref<HTMLInputElement>;
  title?: string;
  placeholder?: string;
  readOnly?: boolean;
  invalid?: boolean;
  /** The ids of what describes the field (`aria-describedby`). */
  describedBy?: string;
}

export function NameInput({ label, value, onValue, onEnter, onEscape, inputRef, invalid, describedBy, ...rest }: NameInputProps) {
  return (
    <input
      ref={inputRef}
      class="rename-input"
      type="text"
      dir="auto"
      spellcheck={false}
      aria-label={label}
      aria-invalid={invalid ? 'true' : undefined}
      aria-describedby={describedBy}
      value={value}
      {...rest}
      onInput={(event) => onValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.isComposing) return;
        if (event.key === 'Enter' && onEnter) {
          event.preventDefault();
          onEnter();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onEscape();
        }
      }}
    />
  );
}
