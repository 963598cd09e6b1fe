/** Small icons (no icon font, no extra requests): inline SVG, or CSS masks for those on every row. */
import type { ComponentChildren } from 'preact';
import { t } from '../shared/i18n.ts';

/**
 * A pencil, for the Rename buttons. Decorative: the button carries the name. One element drawn by
 * CSS (popup.css `.icon-pencil`), not an SVG of its own: every row has one, and a search mounts
 * dozens of rows at each keystroke.
 */
export function PencilIcon() {
  return <span class="icon icon-pencil" aria-hidden="true" />;
}

/** A pin, marking pinned documents. */
export function PinIcon() {
  return (
    <svg class="icon pin" viewBox="0 0 16 16" width="12" height="12" role="img" aria-label={t('pinned')}>
      <title>{t('pinned')}</title>
      <path d="M6 1h4v1l-.5.5V6l2.5 2.5V10H8.6v5H7.4v-5H4V8.5L6.5 6V2.5L6 2z" fill="currentColor" />
    </svg>
  );
}

/**
 * A 16 px line icon of the title bar, drawn in the text's colour. Decorative: its button carries
 * the name. In: the path's `d`, and its stroke width.
 */
function LineIcon({ d, width = 1.4, children }: { d: string; width?: number; children?: ComponentChildren }) {
  return (
    <svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {children}
      <path d={d} fill="none" stroke="currentColor" stroke-width={width} stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}

/** Two arrows in a circle, for Refresh. */
export const RefreshIcon = () => <LineIcon d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2v3.5H10" width={1.5} />;

/** A cog, for Options. */
export const OptionsIcon = () => (
  <LineIcon d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4">
    <circle cx="8" cy="8" r="2.2" fill="none" stroke="currentColor" stroke-width="1.4" />
  </LineIcon>
);

/** A clock with a turning arrow, for Rename history. */
export const HistoryIcon = () => <LineIcon d="M2.5 8a5.5 5.5 0 1 0 1.7-4M2.5 2.5V5.5H5.5M8 5v3.2l2.2 1.5" />;

/** Three lines with a pencil, for Bulk rename. */
export const BulkIcon = () => <LineIcon d="M1.5 3.5h8M1.5 7.5h6M1.5 11.5h3.5M8 14l.6-2.4 4.6-4.6a1 1 0 0 1 1.4 1.4l-4.6 4.6z" />;

/** Marks a link that opens in a new tab. Decorative; drawn by CSS, as PencilIcon. */
export function ExternalIcon() {
  return <span class="icon external" aria-hidden="true" />;
}
