/**
 * The preview: every picked document with its site and workspace, current name, new name (the
 * changed part marked, as text) and verdict, windowed; the summary line; and the button that
 * starts the run.
 */
import { Marked } from '../listing-view/highlighted.tsx';
import { t } from '../shared/i18n.ts';
import type { PreviewRow, Verdict } from './rename-preview.ts';
import type { BulkStore } from './store.ts';
import { WindowedTable } from './windowed-table.tsx';

function verdictText(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'rename':
      return t('bulkWillRename');
    case 'duplicate':
      return t('bulkDuplicate', verdict.workspaceName);
    case 'unchanged':
      return t('bulkVerdictUnchanged');
    case 'invalid':
      return t('bulkVerdictInvalid', verdict.reason);
  }
}

export function PreviewTable({ store }: { store: BulkStore }) {
  const preview = store.preview.value;
  const rows = preview?.rows ?? [];
  const counts = preview?.counts;
  const sitesByOrg = new Map(store.sites.value.map((choice) => [Number(choice.key), choice.name]));
  return (
    <section class="bulk-section preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t('bulkPreviewHeading')}</h2>
      <p class="preview-summary" aria-live="polite">
        {!preview
          ? t('bulkFixRules')
          : rows.length === 0
            ? t('bulkNothingSelected')
            : t('bulkPreviewSummary', String(counts!.rename), String(counts!.unchanged), String(counts!.invalid))}
      </p>
      <button type="button" class="primary" disabled={!counts || counts.rename === 0 || store.busy.value} onClick={() => void store.rename()}>
        {counts?.rename === 1 ? t('bulkRenameOne') : t('bulkRenameMany', String(counts?.rename ?? 0))}
      </button>
      {rows.length > 0 && (
        <WindowedTable
          label={t('bulkPreviewHeading')}
          rows={rows}
          row={(entry: PreviewRow) => (
            <>
              <td class="where">
                <bdi dir="auto">{`${sitesByOrg.get(entry.orgId) ?? ''} › ${entry.workspaceName}`}</bdi>
              </td>
              <td class="name" title={entry.document.name}>
                <bdi dir="auto">{entry.document.name}</bdi>
              </td>
              <td class="name" title={entry.newName}>
                <bdi dir="auto">
                  <Marked text={entry.newName} ranges={entry.changed[1] > entry.changed[0] ? [entry.changed] : []} />
                </bdi>
              </td>
              <td class={`verdict verdict-${entry.verdict.kind}`} title={verdictText(entry.verdict)}>
                {verdictText(entry.verdict)}
              </td>
            </>
          )}
          rowKey={(entry) => `${entry.orgId}/${entry.document.id}`}
          columns={[t('bulkColumnWhere'), t('bulkColumnCurrent'), t('bulkColumnNew'), t('bulkColumnVerdict')]}
        />
      )}
    </section>
  );
}
