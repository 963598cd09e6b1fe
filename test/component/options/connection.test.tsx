// @vitest-environment jsdom
// The options page's Test connection.
import { cleanup, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../src/shared/protocol/errors.ts';
import { REPORT, renderPage, legends, keyInput, personalInput, type, click, descriptionOf, expectAccountStatus } from './render-page.tsx';

afterEach(cleanup);

describe('Test connection', () => {
  it('asks for the personal site’s host during the click and reports who is connected', async () => {
    const { backend, requestHostPermissions } = await renderPage();
    type(keyInput(), ' typed-key ');
    type(personalInput(), 'https://grist.example.com/o/docs/');
    click('Test connection');
    expect(requestHostPermissions).toHaveBeenCalledExactlyOnceWith(['https://grist.example.com/*']);
    await expectAccountStatus('Connected as Ada Lovelace (ada@example.com): 3 sites.');
    expect(backend.testConnection).toHaveBeenCalledExactlyOnceWith({
      apiKey: 'typed-key',
      personalSiteUrl: 'https://grist.example.com/o/docs',
    });
    expect(backend.saveSettings).not.toHaveBeenCalled();
    // A typed key is not the saved one: the legend does not name its user.
    expect(legends()).toEqual(['Account 1']);
  });

  it('tests the account’s saved key when none is typed, and the legend names its user', async () => {
    const { backend } = await renderPage();
    backend.testConnection.mockResolvedValueOnce(ok({ ...REPORT, siteCount: 1 }));
    click('Test connection');
    await expectAccountStatus('Connected as Ada Lovelace (ada@example.com): 1 site.');
    expect(backend.testConnection).toHaveBeenCalledExactlyOnceWith({ account: 'a1', personalSiteUrl: 'https://docs.getgrist.com' });
    expect(legends()).toEqual(['Ada Lovelace (ada@example.com) — docs.getgrist.com']);
  });

  it('shows the background’s message when the connection fails', async () => {
    const { backend } = await renderPage();
    backend.testConnection.mockResolvedValueOnce(
      fail({ kind: 'auth', status: 401, message: 'The API key was refused. Create a new one in Grist: Profile settings -> API.' }),
    );
    click('Test connection');
    await expectAccountStatus('The API key was refused. Create a new one in Grist: Profile settings -> API.');
  });

  it('with a bad personal site URL shows why next to the field and tests nothing', async () => {
    const { backend, requestHostPermissions } = await renderPage();
    type(personalInput(), 'https://me:secret@grist.example.com');
    click('Test connection');
    await waitFor(() => expect(personalInput().getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(personalInput())).toContain('Leave the user name and password out of the address.');
    expect(requestHostPermissions).not.toHaveBeenCalled();
    expect(backend.testConnection).not.toHaveBeenCalled();
  });

  it('tests nothing when the browser does not grant the host', async () => {
    const { backend } = await renderPage({ permission: false });
    click('Test connection');
    await expectAccountStatus(/did not grant access to https:\/\/docs\.getgrist\.com, so the connection was not tested/);
    expect(backend.testConnection).not.toHaveBeenCalled();
  });
});
