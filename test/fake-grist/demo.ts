/**
 * `npm run demo`: a fake Grist server (org-in-path, the sample data) to try the extension by hand.
 * Port 8484, or the PORT environment variable. Stop it with Ctrl+C.
 */
import { USERS } from './sample-data.ts';
import { startFakeGrist, type FakeGrist } from './server.ts';

const port = Number(process.env.PORT ?? 8484);

let fake: FakeGrist;
try {
  fake = await startFakeGrist({ mode: 'org-in-path', port });
} catch (error) {
  // Node's EADDRINUSE stack says nothing about what to do.
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`Port ${port} is busy: something else is listening there.\nChoose another port: PORT=${port + 1} npm run demo\n`);
    process.exit(1);
  }
  throw error;
}
const users = Object.values(USERS).map((user) => `  ${user.name.padEnd(14)} ${user.email.padEnd(20)} ${user.apiKey}`);

process.stdout.write(`Fake Grist (org in path) listening on ${fake.url}

Load the extension:
  1. npm run build
  2. chrome://extensions -> Developer mode -> Load unpacked -> choose dist/
  3. In the extension's options:
       Personal site URL: ${fake.url}/o/docs
       API key:           ${USERS.owner.apiKey}   (Olivia Owner)
       Team site URLs (optional: Grist lists them too), one per line:
         ${fake.url}/o/acme
         ${fake.url}/o/globex

API keys:
${users.join('\n')}
`);
