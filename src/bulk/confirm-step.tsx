/**
 * The question the preview asks before a run is sent ("Move 2 documents to the trash?"), with the
 * button that answers yes and Cancel. The focus goes to the question when it is asked, so that a
 * screen reader reads it and a second Enter sends nothing; Escape cancels.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { onEscape } from '../page-shared/escape-key.ts';
import { t } from '../shared/i18n.ts';

interface ConfirmStepProps {
  /** The question's element id, unique on the page. */
  id: string;
  /** The question, naming the count. */
  question: string;
  /** The words of the button that answers yes. */
  confirm: string;
  onConfirm: () => void;
  /** Cancel or Escape: the caller puts the focus back where the question was asked from. */
  onCancel: () => void;
  /** True while the answer cannot be sent (nothing picked, or the worker busy). */
  disabled?: boolean;
}

export function ConfirmStep({ id, question, confirm, onConfirm, onCancel, disabled = false }: ConfirmStepProps) {
  const questionRef = useRef<HTMLParagraphElement>(null);
  // Once, when it asks: a later render (the selection changed meanwhile) leaves the focus where it is.
  useLayoutEffect(() => questionRef.current?.focus(), []);
  return (
    <div
      class="confirm-step"
      role="group"
      aria-labelledby={id}
      onKeyDown={onEscape(onCancel)}
    >
      <p id={id} tabIndex={-1} ref={questionRef}>
        {question}
      </p>
      <button type="button" class="primary" aria-describedby={id} disabled={disabled} onClick={onConfirm}>
        {confirm}
      </button>
      <button type="button" onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}
