/** `npm run package` (after the build): writes the Chrome and Firefox zips to artifacts/. */
import { relative } from 'node:path';
import { packageExtension, ROOT } from './package-extension.ts';

for (const { path, bytes, entries } of await packageExtension()) {
  console.log(`${relative(ROOT, path)}: ${(bytes / 1024).toFixed(1)} KB, ${entries.length} files`);
}
