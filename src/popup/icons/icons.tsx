/**
 * Small icons drawn by CSS (popup.css), so no SVG tree in the page and none in the popup's script:
 * the title bar menu's by masks in the text's colour (menu/action-menu.tsx), the pin by a bitmap background. The rows' other
 * icons (Rename, More actions) are backgrounds of their controls, no elements at all. Decorative unless said: the control beside or around them carries
 * the name.
 */
import { tRepeated } from '../../shared/i18n.ts';

/** A pin, marking pinned documents: named, as nothing else says it. */
export const PinIcon = () => <span class="icon pin" role="img" aria-label={tRepeated('pinned')} title={tRepeated('pinned')} />;
