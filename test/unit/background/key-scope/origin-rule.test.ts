import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { originRule, syncOriginRule } from '../../../../src/background/key-scope/origin-rule.ts';

const settings = {
  settings: { personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: ['https://grist.initech.com'] },
  hosts: { confirmed: [], listed: [] },
};

describe('keeping the Origin rule in step with the settings', () => {
  it('installs the rule, leaves it alone when unchanged, and replaces it when the sites change', async () => {
    const update = vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateDynamicRules');
    await syncOriginRule([settings]);
    await syncOriginRule([settings]);
    expect(update).toHaveBeenCalledOnce();
    const changed = { ...settings, settings: { ...settings.settings, teamSiteUrls: [] } };
    await syncOriginRule([changed]);
    expect(update).toHaveBeenCalledTimes(2);
    expect(await fakeBrowser.declarativeNetRequest.getDynamicRules()).toEqual([
      originRule([changed], new URL(fakeBrowser.runtime.getURL('/')).hostname),
    ]);
  });

  it('takes the installed rules from the caller when given (start-up reads them early)', async () => {
    const update = vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateDynamicRules');
    const read = vi.spyOn(fakeBrowser.declarativeNetRequest, 'getDynamicRules');
    const wanted = originRule([settings], new URL(fakeBrowser.runtime.getURL('/')).hostname);
    await syncOriginRule([settings], [wanted!]);
    expect(read).not.toHaveBeenCalled();
    expect(update).not.toHaveBeenCalled();
    await syncOriginRule([settings], []);
    expect(update).toHaveBeenCalledOnce();
  });

  it('removes the rule once no account is left, and leaves nothing to remove alone', async () => {
    await syncOriginRule([settings]);
    await syncOriginRule([]);
    expect(await fakeBrowser.declarativeNetRequest.getDynamicRules()).toEqual([]);
    const update = vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateDynamicRules');
    await syncOriginRule([]);
    expect(update).not.toHaveBeenCalled();
  });
});
