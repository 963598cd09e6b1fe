/**
 * The Bulk changes page's sharing: **Share selected with…** (emails and a role), **Stop sharing
 * selected with…** (emails), **Make selected public / private**. The emails are checked first with
 * the one rule (shared/rules/email-list.ts: one bad email, the user's own, another saved account's, or
 * the public link's special user, which Make selected public turns on, and nothing is previewed or
 * sent, naming each);
 * then the change is the one the preview shows: each picked document's access is read (access-
 * reads.ts) and each person's role now and after is shown (share-preview.ts). Its button starts a
 * run of the documents with something to change (runs/share.ts), watched, stopped, retried and
 * undone as a batch like the others.
 */
import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import type { Backend } from '../../page-shared/backend-client.ts';
import { checkEmailList, savedUsersOf, type EmailProblem, type OwnEmails } from '../../shared/rules/email-list.ts';
import type { Role, SharingChange } from '../../shared/protocol/sharing.ts';
import { createAccessReads } from './access-reads.ts';
import type { PickedDocument } from '../documents/picked-document.ts';
import type { Runner } from '../runs/runner.ts';
import { shareRun } from '../runs/share.ts';
import { previewSharing, type SharePreview } from './share-preview.ts';

/** The form of emails open: to share with them, or to stop sharing with them. */
export type SharingForm = 'share' | 'unshare';

/** The sharing as the page's views see it. */
export interface ShareView {
  /** The form of emails open; null: none. */
  readonly sharingForm: ReadonlySignal<SharingForm | null>;
  /** The emails the last check refused (each once, as typed, with why); null when it refused none. */
  readonly emailProblems: ReadonlySignal<readonly EmailProblem[] | null>;
  /** The change the preview shows; null: none is asked for. */
  readonly sharingChange: ReadonlySignal<SharingChange | null>;
  /** What the change comes to on the picked documents, as their access is read; null without a change. */
  readonly sharePreview: ReadonlySignal<SharePreview | null>;
  /** Opens the form of emails `form` (closing any other change asked about). */
  openSharingForm(form: SharingForm): void;
  closeSharingForm(): void;
  /**
   * Checks the emails typed (`text`) against Grist's rule and the picked documents' accounts' own
   * emails; refused: says which, nothing else; else the change (with `role` for a share) is the one
   * the preview shows, and the form closes.
   */
  submitSharingForm(text: string, role: Role): Promise<void>;
  /** Makes the public link on (true) or off the change the preview shows. */
  makePublic(on: boolean): void;
  /** Starts the run of the documents the preview changes, and follows it. */
  confirmSharing(): Promise<void>;
  /** Nothing is sent; the access read is forgotten. */
  cancelSharing(): void;
}

/** What the sharing needs of the page's store. */
export interface ShareDependencies {
  backend: Pick<Backend, 'readAccess' | 'getSettings'>;
  picked: ReadonlySignal<{ documents: readonly PickedDocument[] }>;
  runner: Pick<Runner, 'begin' | 'busy'>;
}

/** Creates the page's sharing (nothing asked for). */
export function createShareChange({ backend, picked, runner }: ShareDependencies): ShareView {
  const sharingForm = signal<SharingForm | null>(null);
  const emailProblems = signal<readonly EmailProblem[] | null>(null);
  const sharingChange = signal<SharingChange | null>(null);
  const accessReads = createAccessReads(backend.readAccess.bind(backend));
  const sharePreview = computed(() => (sharingChange.value ? previewSharing(picked.value.documents, sharingChange.value, accessReads.reads.value) : null));
  // While a change is asked about, every document picked is read (one picked meanwhile too).
  effect(() => {
    if (sharingChange.value) accessReads.readAll(picked.value.documents);
  });

  const setChange = (change: SharingChange | null) =>
    batch(() => {
      accessReads.forget();
      sharingChange.value = change;
      sharingForm.value = null;
      emailProblems.value = null;
    });

  /**
   * The user's own emails: the users of the picked documents' accounts (Grist refuses a change of
   * one's own access) and of every saved account (none when the settings cannot be read: the
   * worker refuses them then).
   */
  async function ownEmails(): Promise<OwnEmails> {
    const accounts = new Set(picked.value.documents.map((entry) => entry.account));
    const settings = await backend.getSettings(null);
    if (!settings.ok) return { sending: [], saved: [] };
    const sending = settings.value.accounts.flatMap((account) => (accounts.has(account.id) && account.user ? [account.user.email] : []));
    return { sending, saved: savedUsersOf(settings.value.accounts) };
  }

  return {
    sharingForm,
    emailProblems,
    sharingChange,
    sharePreview,
    openSharingForm: (form) => {
      setChange(null);
      sharingForm.value = form;
    },
    closeSharingForm: () =>
      batch(() => {
        sharingForm.value = null;
        emailProblems.value = null;
      }),
    async submitSharingForm(text, role) {
      const form = sharingForm.value;
      if (!form) return;
      // Each picked document's account's own email is refused: the documents picked may be of several.
      const check = checkEmailList(text, await ownEmails());
      if (check.kind !== 'emails') {
        emailProblems.value = check.kind === 'refused' ? check.problems : [];
        return;
      }
      const emails = check.emails.map((email) => email.typed);
      setChange(form === 'share' ? { kind: 'share', emails, role } : { kind: 'unshare', emails });
    },
    makePublic: (on) => setChange({ kind: 'public', public: on }),
    async confirmSharing() {
      const change = sharingChange.value;
      const preview = sharePreview.value;
      if (!change || !preview || preview.changing.length === 0 || runner.busy.value) return;
      setChange(null);
      await runner.begin(shareRun, { documents: preview.changing, change });
    },
    cancelSharing: () => setChange(null),
  };
}
