/**
 * A heading's Share button (a workspace's Share workspace …, a site's People on …): opens the Share
 * panel on `target` (panels/share-panel.tsx), which puts the focus back on this button when it closes.
 */
import { tRepeated } from '../../shared/i18n.ts';
import type { ShareTarget } from '../changes/edit-states.ts';
import type { PopupStore } from '../store-types.ts';

/** In: the store, the button's accessible name, and what it shares but its opener (this button, in the row of `rowKey`). */
export function ShareButton({ store, label, rowKey, target }: { store: PopupStore; label: string; rowKey: string; target: Omit<ShareTarget, 'opener'> }) {
  return <button type="button" class="icon-button share" aria-label={label} title={tRepeated('shareTooltip')} onClick={() => store.openShare({ ...target, opener: { key: rowKey, selector: '.share' } })} />;
}
