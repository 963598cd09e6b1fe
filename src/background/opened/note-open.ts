/** Stand-in for part F's note-open.ts (issue 52, plan "Cross-part functions"): the merge replaces it. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function noteOpen(account: string, docId: string, viewRef?: number): Promise<void> {
  throw new Error('part F');
}
