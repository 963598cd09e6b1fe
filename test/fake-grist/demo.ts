/**
 * `npm run demo`: a fake Grist server (org-in-path, the sample data) to try the extension by hand.
 * Port 8484, or the PORT environment variable. Stop it with Ctrl+C.
 */
import { USERS } from './sample-data.ts';
import { startFakeGrist } from './server.ts';

const fake = await startFakeGrist({ mode: 'org-in-path', port: Number(process.env.PORT ?? 8484) });
const users = Object.values(USERS).map((user) => `  ${user.name.padEnd(14)} ${user.email.padEnd(20)} ${user.apiKey}`);

process.stdout.write(`Fake Grist (org in path) listening on ${fake.url}

Load the extension:
  1. npm run build
  2. chrome://extensions -> Developer mode -> Load unpacked -> choose dist/
  3. In the extension's options:
       Personal site: ${fake.url}/o/docs
       API key:       ${USERS.owner.apiKey}   (Olivia Owner)
       Team sites (optional; also listed from /api/orgs): ${fake.url}/o/acme  ${fake.url}/o/globex

API keys:
${users.join('\n')}
`);
