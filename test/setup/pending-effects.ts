/**
 * For every test file with a page (jsdom): Preact runs a render's effects up to 35 ms after it
 * (requestAnimationFrame or a timeout, preact/hooks RAF_TIMEOUT). Those of a file's last render
 * must run before the file's page goes, or they meet no `document` and fail the whole run.
 */
import { afterAll } from 'vitest';

afterAll(() => (typeof document === 'undefined' ? undefined : new Promise<void>((resolve) => setTimeout(resolve, 100))));
