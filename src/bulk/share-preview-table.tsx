/**
 * The preview of a sharing change: its summary (while reading, how many documents are read), that
 * the server may email the people added, **Change access to N documents** and Cancel, and a row per
 * document and person: the role now and after ("unchanged" is not sent), or where the document's
 * read stands. Windowed, as the other previews.
 */
import { personChanges, type PlannedPerson } from '../shared/rules/access-plan.ts';
import { t, tCount } from '../shared/i18n.ts';
import { PUBLIC_EMAIL, type SharingChange } from '../shared/protocol/sharing.ts';
import { sharingChangeText, standingText } from './share/share-words.ts';
import type { SharePreview, SharePreviewRow } from './share/share-preview.ts';
import type { BulkStore } from './store.ts';
import { textCell, WindowedTable } from './windowed-table.tsx';

/** Puts the focus on element `id` once drawn: where the change was asked from, after Cancel. */
const focusLater = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 0);

/** Where the focus goes back after Cancel: the button the change was asked from. */
function askedFrom(change: SharingChange): string {
  if (change.kind === 'public') return change.public ? 'make-public' : 'make-private';
  return change.kind === 'share' ? 'share-selected' : 'unshare-selected';
}

function summaryText(preview: SharePreview, count: number): string {
  if (preview.reading > 0) return tCount('bulkShareReadingSummary', count, String(count - preview.reading));
  return t('bulkSharePreviewSummary', String(preview.changing.length), String(preview.unchanged), String(preview.failed));
}

/** A person's name and email, or the public link's words. */
function personText(person: PlannedPerson): string {
  if (person.email === PUBLIC_EMAIL) return t('bulkAnyoneWithLink');
  return person.name ? `${person.name} <${person.email}>` : person.email;
}

/** What a person has after the change: their new access, or why it stays. */
function afterText(person: PlannedPerson): string {
  if (person.own) return t('bulkShareOwnAccess');
  return personChanges(person) ? standingText(person.after) : t('bulkShareUnchanged');
}

/** A row's cells after the document's place and name: the person, now, after; or the document's state, across them. */
function rowCells(row: SharePreviewRow) {
  if (row.kind === 'person') {
    const changes = personChanges(row.person);
    return (
      <>
        {textCell(personText(row.person))}
        {textCell(standingText(row.person.now), 'role')}
        {textCell(afterText(row.person), `role ${changes ? 'role-changes' : 'role-unchanged'}`)}
      </>
    );
  }
  const text = row.kind === 'reading' ? t('bulkShareReadingRow') : row.kind === 'failed' ? t('bulkShareReadFailed', row.message) : t('bulkShareNotOwner');
  return (
    <td colSpan={3} class={`verdict share-${row.kind}`} title={text}>
      {text}
    </td>
  );
}

export function SharePreviewTable({ store }: { store: BulkStore }) {
  const change = store.sharingChange.value!;
  const preview = store.sharePreview.value!;
  const count = store.picked.value.length;
  const changing = preview.changing.length;
  return (
    <>
      <p class="preview-summary" aria-live="polite">
        {sharingChangeText(change)}. {summaryText(preview, count)}
      </p>
      {change.kind === 'share' && <p class="hint">{t('bulkShareMayEmail')}</p>}
      <div class="move-buttons">
        <button type="button" id="share-run" class="primary" disabled={changing === 0 || preview.reading > 0 || store.busy.value} onClick={() => void store.confirmSharing()}>
          {tCount('bulkShareRun', changing)}
        </button>
        <button
          type="button"
          onClick={() => {
            store.cancelSharing();
            focusLater(askedFrom(change));
          }}
        >
          {t('cancel')}
        </button>
      </div>
      {preview.rows.length > 0 && (
        <WindowedTable
          label={t('bulkPreviewHeading')}
          count={preview.rows.length}
          columns={[t('bulkColumnWhere'), t('bulkColumnName'), t('bulkColumnPerson'), t('bulkColumnNow'), t('bulkColumnAfter')]}
          rowKey={(index) => {
            const row = preview.rows[index]!;
            return `${row.picked.siteUrl} ${row.picked.document.id} ${row.kind === 'person' ? row.person.email : ''}`;
          }}
          row={(index) => {
            const row = preview.rows[index]!;
            return (
              <>
                <td class="where">
                  <bdi dir="auto">{`${row.picked.siteName} › ${row.picked.workspaceName}`}</bdi>
                </td>
                {textCell(row.picked.document.name)}
                {rowCells(row)}
              </>
            );
          }}
        />
      )}
    </>
  );
}
