/**
 * Small icons drawn by CSS (popup.css), so no SVG tree in the page and none in the popup's script:
 * the title bar's by masks in the text's colour, the pin by a bitmap background. The rows' other
 * icons (Rename, More actions) are backgrounds of their controls, no elements at all. Decorative unless said: the control beside or around them carries
 * the name.
 */
import type { ButtonHTMLAttributes, Ref } from 'preact';
import { tRepeated } from '../../shared/i18n.ts';

/** A pin, marking pinned documents: named, as nothing else says it. */
export const PinIcon = () => <span class="icon pin" role="img" aria-label={tRepeated('pinned')} title={tRepeated('pinned')} />;

/** A button of the title bar with its icon: named by aria-label, explained by title; `buttonRef` is its element. */
export function TitleBarButton({
  icon,
  label,
  tooltip,
  buttonRef,
  ...rest
}: { icon: 'refresh' | 'history' | 'trash' | 'people' | 'bulk' | 'options'; label: string; tooltip: string; buttonRef?: Ref<HTMLButtonElement> } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" class="icon-button" aria-label={label} title={tooltip} ref={buttonRef} {...rest}>
      <span class={`icon icon-line icon-${icon}`} aria-hidden="true" />
    </button>
  );
}
