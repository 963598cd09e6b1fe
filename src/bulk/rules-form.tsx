/**
 * The rules, each a labelled control, in the order they apply (rename-rules.ts): find and
 * replace, prefix and suffix, a running number, a case; spaces are always tidied.
 */
import { t } from '../shared/i18n.ts';
import type { CaseRule } from './rename/rename-rules.ts';
import type { BulkStore } from './store.ts';

const CASES: ReadonlyArray<{ value: CaseRule; label: Parameters<typeof t>[0] }> = [
  { value: 'unchanged', label: 'bulkCaseUnchanged' },
  { value: 'lower', label: 'bulkCaseLower' },
  { value: 'upper', label: 'bulkCaseUpper' },
  { value: 'title', label: 'bulkCaseTitle' },
];

/** An input's whole number, or `fallback` while the field is empty or not a number. */
function wholeNumber(text: string, fallback: number): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : fallback;
}

/** A rule's labelled text field; `errorId`: the id of the error that makes it invalid, if any. */
function TextRule({ label, value, onInput, errorId }: { label: string; value: string; onInput: (text: string) => void; errorId?: string | undefined }) {
  return (
    <label class="field">
      <span>{label}</span>
      <input
        type="text"
        value={value}
        onInput={(event) => onInput(event.currentTarget.value)}
        aria-invalid={errorId ? 'true' : undefined}
        aria-describedby={errorId}
        spellcheck={false}
      />
    </label>
  );
}

export function RulesForm({ store }: { store: BulkStore }) {
  const rules = store.rules.value;
  const compiled = store.compiled.value;
  const error = compiled.ok ? null : compiled.error;
  return (
    <section class="bulk-section rules" aria-labelledby="rules-heading">
      <h2 id="rules-heading">{t('bulkRulesHeading')}</h2>
      <div class="rule-row">
        <TextRule label={t('bulkFind')} value={rules.find} onInput={(find) => store.setRules({ find })} errorId={error ? 'find-error' : undefined} />
        <TextRule label={t('bulkReplaceWith')} value={rules.replace} onInput={(replace) => store.setRules({ replace })} />
      </div>
      {error && (
        <p id="find-error" class="field-error" role="alert">
          {t('bulkInvalidRegex', error)}
        </p>
      )}
      <div class="rule-row checks">
        <label>
          <input type="checkbox" checked={rules.regex} onChange={(event) => store.setRules({ regex: event.currentTarget.checked })} />
          {t('bulkRegex')}
        </label>
        <label>
          <input type="checkbox" checked={rules.matchCase} onChange={(event) => store.setRules({ matchCase: event.currentTarget.checked })} />
          {t('bulkMatchCase')}
        </label>
      </div>
      <div class="rule-row">
        <TextRule label={t('bulkPrefix')} value={rules.prefix} onInput={(prefix) => store.setRules({ prefix })} />
        <TextRule label={t('bulkSuffix')} value={rules.suffix} onInput={(suffix) => store.setRules({ suffix })} />
      </div>
      <div class="rule-row">
        <label class="check">
          <input type="checkbox" checked={rules.number.enabled} onChange={(event) => store.setRules({ number: { ...rules.number, enabled: event.currentTarget.checked } })} />
          {t('bulkNumber')}
        </label>
        <label class="field small">
          <span>{t('bulkStartAt')}</span>
          <input
            type="number"
            // Not bound to the rule: a field being retyped may be empty for a moment.
            defaultValue={String(rules.number.start)}
            disabled={!rules.number.enabled}
            onInput={(event) => store.setRules({ number: { ...rules.number, start: wholeNumber(event.currentTarget.value, 1) } })}
          />
        </label>
        <label class="field small">
          <span>{t('bulkDigits')}</span>
          <input
            type="number"
            min={1}
            max={12}
            defaultValue={String(rules.number.digits)}
            disabled={!rules.number.enabled}
            onInput={(event) => store.setRules({ number: { ...rules.number, digits: wholeNumber(event.currentTarget.value, 1) } })}
          />
        </label>
      </div>
      <p class="hint">{t('bulkNumberHint')}</p>
      <label class="field">
        <span>{t('bulkCase')}</span>
        <select value={rules.case} onChange={(event) => store.setRules({ case: event.currentTarget.value as CaseRule })}>
          {CASES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {t(choice.label)}
            </option>
          ))}
        </select>
      </label>
      <p class="hint">{t('bulkSpacesHint')}</p>
    </section>
  );
}
