/** What follows from the saved settings and must be redone when they change. */
import type { Settings } from '../shared/storage-items.ts';
import { syncOriginRule } from './origin-rule.ts';
import { syncContextMenus } from './rename-triggers.ts';

/** Rebuilds the Origin rule and the context menus for `settings`. */
export async function applySettings(settings: Settings): Promise<void> {
  await Promise.all([syncOriginRule(settings), syncContextMenus(settings)]);
}
