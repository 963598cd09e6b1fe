/**
 * The one ⋯ button of a document row, a workspace heading or a site heading: "More actions for
 * <name>", the button of a WAI-ARIA menu button (aria-haspopup, aria-expanded). Its menu
 * (menu/action-menu.tsx) is rendered right after it, which finds it there: to place itself under
 * it and to give the focus back to it.
 */
import type { Ref } from 'preact';
import { tRepeated } from '../../shared/i18n.ts';

/**
 * A heading's menu, drawn only while open (menu/action-menu.tsx); a document row's is row-menu.tsx,
 * which draws the same. Not loaded on demand: the title bar's Menu is the same code, in every popup.
 */
export { ActionMenu } from '../menu/action-menu.tsx';

/** In: the name of what its menu acts on, whether the menu is open, what a press does (opens or closes it), and where its element goes. */
export function MoreButton({ name, open, onToggle, buttonRef }: { name: string; open: boolean; onToggle: () => void; buttonRef?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={buttonRef}
      type="button"
      class="icon-button more"
      aria-label={tRepeated('moreActionsFor', name)}
      title={tRepeated('moreActionsTooltip')}
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={onToggle}
    />
  );
}
