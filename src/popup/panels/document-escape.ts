/**
 * Escape that leaves a view shown in place of the list (view-panel.tsx, share-panel.tsx): listened
 * to on the document, after the focused element's own handlers, so it works from anywhere in the
 * popup (the title bar, the search box where an undo's focus may go), unless what had the focus
 * took the key first (its default prevented: see onEscape).
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { onEscape } from '../../page-shared/escape-key.ts';

/**
 * Calls the latest `leave` (a view passes a new one with each render) on Escape, while mounted:
 * listened to from the render that draws the view (a layout effect), not up to a frame later as
 * Preact runs effects, so an Escape pressed as the view appears is never lost.
 */
export function useDocumentEscape(leave: () => void): void {
  const latest = useRef(leave);
  latest.current = leave;
  useLayoutEffect(() => {
    const onKeyDown = onEscape(() => latest.current());
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
