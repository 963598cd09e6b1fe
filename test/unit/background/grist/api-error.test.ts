import { describe, expect, it } from 'vitest';
import { CROSS_ORIGIN_REFUSAL, errorForStatus } from '../../../../src/background/grist/api-error.ts';

describe('mapping Grist answers to errors', () => {
  it.each([
    [401, 'Bad request: invalid API key', 'auth', /refused the API key.*Profile settings → API/],
    [403, CROSS_ORIGIN_REFUSAL, 'forbidden', /cross-origin/],
    [403, 'access denied', 'forbidden', /permission.*access denied/],
    [404, 'document not found', 'not-found', /document not found/],
    [400, 'No organization chosen', 'bad-request', /No organization chosen/],
    [413, undefined, 'bad-request', /refused the request/],
    [429, undefined, 'rate-limited', /limiting requests/],
    [500, undefined, 'server', /HTTP 500/],
    [502, undefined, 'server', /HTTP 502/],
    [302, undefined, 'bad-response', /HTTP 302/],
  ] as const)('HTTP %i (%s) -> %s', (status, said, kind, message) => {
    const error = errorForStatus(status, said, 'grist.example.com');
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
    expect(error.toValue()).toEqual({ kind, status, message: error.message });
  });
});
