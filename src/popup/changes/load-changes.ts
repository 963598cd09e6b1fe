/**
 * The popup's changes (popup-changes.ts), loaded once when first needed or ahead (when the popup is
 * idle): what asks for one then runs in the same task, not a later one, so that a rename or a
 * trash shows in the same frame as its key.
 */
type PopupChanges = typeof import('./popup-changes.ts');

let changes: PopupChanges | undefined;
let loading: Promise<PopupChanges> | undefined;

/** Loads the popup's changes, if need be (once). */
export const loadChanges = (): Promise<PopupChanges> => (loading ??= import('./popup-changes.ts').then((module) => (changes = module)));

/**
 * Runs `run` with the popup's changes: in the same task when they are loaded already, otherwise
 * once loaded. Out: what `run` answers.
 */
export function withChanges<T>(run: (loaded: PopupChanges) => T): Promise<Awaited<T>> {
  return (changes ? Promise.resolve(run(changes)) : loadChanges().then(run)) as Promise<Awaited<T>>;
}
