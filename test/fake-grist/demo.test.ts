/** `npm run demo` as a user runs it: what it prints, and what it says when its port is taken. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Runs the demo as `npm run demo` does, on `port`, until it exits or has printed all it prints
 * (then it is stopped, as with Ctrl+C). Out: its output and exit code (null when stopped).
 */
function runDemo(port: number): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['-e', "import('vite').then((vite) => vite.runnerImport('./test/fake-grist/demo.ts'))"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('API keys:')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => done({ stdout, stderr, code }));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

describe('npm run demo', () => {
  it('prints the options to enter, one team site URL per line', { timeout: 20_000 }, async () => {
    const port = await freePort();
    const { stdout } = await runDemo(port);
    expect(stdout).toContain(`Personal site URL: http://127.0.0.1:${port}/o/docs`);
    expect(stdout).toMatch(new RegExp(`\\n\\s+http://127\\.0\\.0\\.1:${port}/o/acme\\n\\s+http://127\\.0\\.0\\.1:${port}/o/globex\\n`));
  });

  it('with its port taken, says which and how to choose another, without a stack', { timeout: 20_000 }, async () => {
    const busy = createServer();
    await new Promise<void>((listening) => busy.listen(0, '127.0.0.1', listening));
    const { port } = busy.address() as { port: number };
    try {
      const { stderr, code } = await runDemo(port);
      expect(code).toBe(1);
      expect(stderr).toContain(`Port ${port} is busy`);
      expect(stderr).toContain(`PORT=${port + 1} npm run demo`);
      expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
    } finally {
      await new Promise((closed) => busy.close(closed));
    }
  });
});
