/**
 * Choosing the documents: the filter box, the site and workspace pickers, Select all shown and
 * Clear selection, the count, and the documents the user owns as a windowed list of checkboxes
 * (Shift+click picks a range).
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t, tCount } from '../shared/i18n.ts';
import type { BulkStore, PickerChoice, PickerRow } from './store.ts';
import { useRowWindow } from '../listing-view/use-row-window.ts';

/** Each picker line's height in px (bulk.css lays every line out to it). */
export const PICKER_ROW_HEIGHT = 32;

export function DocumentPicker({ store }: { store: BulkStore }) {
  const listRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Back from a run (New bulk rename): its button is gone, and focus with it; it comes here.
  useLayoutEffect(() => {
    if (store.run.peek() === null && document.activeElement === document.body && store.loaded.peek()) headingRef.current?.focus();
  }, []);
  const rows = store.pickerRows.value;
  const window = useRowWindow(listRef, rows.length, PICKER_ROW_HEIGHT);
  const selectedCount = store.selected.value.size;
  const notOwned = store.notOwned.value;
  return (
    <section class="bulk-section picker" aria-labelledby="picker-heading">
      <h2 id="picker-heading" tabIndex={-1} ref={headingRef}>
        {t('bulkDocumentsHeading')}
      </h2>
      <div class="picker-filters">
        <label class="field">
          <span>{t('bulkFilterDocuments')}</span>
          <input type="search" value={store.query.value} onInput={(event) => store.setQuery(event.currentTarget.value)} autocomplete="off" spellcheck={false} />
        </label>
        <Choice label={t('bulkSite')} all={t('bulkAllSites')} value={store.site.value} choices={store.sites.value} onChange={(key) => store.setSite(key)} />
        <Choice label={t('bulkWorkspace')} all={t('bulkAllWorkspaces')} value={store.workspace.value} choices={store.workspaces.value} onChange={(key) => store.setWorkspace(key)} />
      </div>
      <div class="picker-actions">
        <button type="button" onClick={() => store.selectAllShown()} disabled={store.shown.value.length === 0}>
          {t('bulkSelectAllShown')}
        </button>
        <button type="button" onClick={() => store.clearSelection()} disabled={selectedCount === 0}>
          {t('bulkClearSelection')}
        </button>
        <p class="picker-count" aria-live="polite">
          {tCount('bulkSelected', selectedCount)}
        </p>
      </div>
      {notOwned > 0 && <p class="hint">{tCount('bulkNotOwned', notOwned)}</p>}
      <div class="picker-list" ref={listRef} role="group" aria-labelledby="picker-heading">
        {!store.loaded.value && <p class="hint">{t('loading')}</p>}
        {store.loaded.value && rows.length === 0 && <p class="hint">{t('bulkNothingToPick')}</p>}
        <div style={{ height: `${window.before}px` }} />
        {rows.slice(window.start, window.end).map((row) => (
          <PickerLine key={row.key} row={row} store={store} checked={row.kind === 'document' && store.selected.value.has(row.key)} />
        ))}
        <div style={{ height: `${window.after}px` }} />
      </div>
    </section>
  );
}

/** A site or workspace picker: "all" (value '') or one of `choices`. */
function Choice({ label, all, value, choices, onChange }: { label: string; all: string; value: string; choices: readonly PickerChoice[]; onChange: (key: string) => void }) {
  return (
    <label class="field">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{all}</option>
        {choices.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function PickerLine({ row, store, checked }: { row: PickerRow; store: BulkStore; checked: boolean }) {
  if (row.kind === 'site') {
    return (
      <p class="picker-site" style={{ height: `${PICKER_ROW_HEIGHT}px` }}>
        <bdi dir="auto">{row.name}</bdi>
      </p>
    );
  }
  if (row.kind === 'workspace') {
    return (
      <p class="picker-workspace" style={{ height: `${PICKER_ROW_HEIGHT}px` }}>
        <bdi dir="auto">{row.name}</bdi>
      </p>
    );
  }
  const name = row.row.document.name;
  return (
    <label class="picker-document" style={{ height: `${PICKER_ROW_HEIGHT}px` }} title={name}>
      <input
        type="checkbox"
        checked={checked}
        aria-label={t('bulkSelectDocument', name)}
        // A click, not a change: only the click says whether Shift was held.
        onClick={(event) => store.toggle(row.key, event.shiftKey)}
      />
      <bdi dir="auto">{name}</bdi>
    </label>
  );
}
