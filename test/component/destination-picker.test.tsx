// @vitest-environment jsdom
/**
 * The destination picker of a move as a keyboard user meets it: the list's name and options,
 * the filter, arrow keys and Enter, the cross-site question, Escape.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DestinationPicker } from '../../src/move-view/destination-picker.tsx';
import { moveDestinations, type MoveDestination } from '../../src/shared/rules/move.ts';
import type { Listing } from '../../src/shared/protocol/listing.ts';
import { documentEntry } from '../setup/listings.ts';

afterEach(cleanup);

const LISTING: Listing = {
  fetchedAt: 0,
  sites: [
    {
      account: 'a1',
      orgId: 1,
      name: 'Personal',
      domain: 'docs-5',
      siteUrl: 'https://docs.getgrist.com',
      workspaces: [
        { id: 10, name: 'Home', access: 'owners', documents: [documentEntry('budgetDoc000000000000', 'Budget', { updatedAt: '2026-01-01T00:00:00Z' })] },
        { id: 11, name: 'Résumés', access: 'editors', documents: [] },
        { id: 12, name: 'Read only', access: 'viewers', documents: [] },
      ],
    },
    { account: 'a1', orgId: 2, name: 'globex', domain: 'globex', siteUrl: 'https://globex.getgrist.com', workspaces: [{ id: 20, name: 'Clients', access: 'owners', documents: [] }] },
  ],
} as Listing;

const FROM = { account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', workspaceId: 10 };

function renderPicker(overrides: Partial<Parameters<typeof DestinationPicker>[0]> = {}) {
  const onChoose = vi.fn<(destination: MoveDestination) => void>();
  const onClose = vi.fn();
  render(
    <DestinationPicker
      idBase="move-1"
      subject="Budget"
      destinations={moveDestinations(LISTING, FROM)}
      confirmation={(destination) => (destination.crossSite ? `Moving to ${destination.site.name} gives it a new address.` : null)}
      onChoose={onChoose}
      onClose={onClose}
      {...overrides}
    />,
  );
  return { onChoose, onClose, filter: screen.getByRole('combobox', { name: 'Filter workspaces' }) };
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.getAttribute('aria-label'));

describe('DestinationPicker', () => {
  test('lists the workspaces the user may add documents to, the current one left out, named "<workspace> — <site>", with the filter focused', () => {
    const { filter } = renderPicker();
    expect(screen.getByRole('listbox', { name: 'Destination for Budget' })).toBeTruthy();
    expect(optionNames()).toEqual(['Résumés — Personal', 'Clients — globex']);
    expect(document.activeElement).toBe(filter);
    // The other site is marked where it is listed.
    expect(screen.getByText('another site: new address')).toBeTruthy();
    expect(screen.getByText('— globex', { exact: false })).toBeTruthy();
  });

  test('the filter narrows the list with the popup matching (accents folded, site names too)', () => {
    const { filter } = renderPicker();
    fireEvent.input(filter, { target: { value: 'resume' } });
    expect(optionNames()).toEqual(['Résumés — Personal']);
    fireEvent.input(filter, { target: { value: 'GLOBEX' } });
    expect(optionNames()).toEqual(['Clients — globex']);
    fireEvent.input(filter, { target: { value: 'nothing like it' } });
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No workspace matches.')).toBeTruthy();
  });

  test('keyboard only: arrow keys move the active option, Enter chooses a same-site workspace at once', () => {
    const { filter, onChoose } = renderPicker();
    const active = () => document.getElementById(filter.getAttribute('aria-activedescendant')!)?.getAttribute('aria-label');
    expect(active()).toBe('Résumés — Personal');
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    expect(active()).toBe('Clients — globex');
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    expect(active()).toBe('Clients — globex');
    fireEvent.keyDown(filter, { key: 'ArrowUp' });
    expect(screen.getByRole('option', { name: 'Résumés — Personal' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose.mock.calls[0]![0].workspace.id).toBe(11);
  });

  test('another site asks first: Move anyway chooses it, Cancel and Escape go back to the list', () => {
    const { filter, onChoose, onClose } = renderPicker();
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(onChoose).not.toHaveBeenCalled();
    const question = screen.getByText('Moving to globex gives it a new address.');
    expect(document.activeElement).toBe(question);
    fireEvent.keyDown(question, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Filter workspaces' }));
    fireEvent.click(screen.getByRole('option', { name: 'Clients — globex' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Clients — globex' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move anyway' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose.mock.calls[0]![0].site.name).toBe('globex');
  });

  test('in a form that confirms with its own button (chosen): the chosen option is the selected one, the arrow keys start on it and leave it selected', () => {
    const destinations = moveDestinations(LISTING, FROM);
    const { filter, onChoose } = renderPicker({ chosen: destinations[1]!, confirmation: () => null });
    const selected = () => screen.getAllByRole('option').filter((option) => option.getAttribute('aria-selected') === 'true').map((option) => option.getAttribute('aria-label'));
    const active = () => document.getElementById(filter.getAttribute('aria-activedescendant')!)?.getAttribute('aria-label');
    expect(selected()).toEqual(['Clients — globex']);
    expect(active()).toBe('Clients — globex');
    fireEvent.keyDown(filter, { key: 'ArrowUp' });
    expect(active()).toBe('Résumés — Personal');
    expect(selected()).toEqual(['Clients — globex']);
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(onChoose.mock.calls.map(([destination]) => destination.workspace.id)).toEqual([11]);
    cleanup();
    renderPicker({ chosen: null });
    expect(selected()).toEqual([]);
  });

  test('the personal site is named as the listing names it, whatever Grist calls it', () => {
    const personal: Listing = { ...LISTING, sites: [{ ...LISTING.sites[0]!, name: 'docs-5', personal: true }, LISTING.sites[1]!] };
    const { filter } = renderPicker({ destinations: moveDestinations(personal, FROM) });
    expect(optionNames()).toEqual(['Résumés — Personal', 'Clients — globex']);
    expect(screen.getByRole('group', { name: 'Personal' })).toBeTruthy();
    fireEvent.input(filter, { target: { value: 'personal' } });
    expect(optionNames()).toEqual(['Résumés — Personal']);
  });

  test('Enter and Escape that end an IME composition in the filter choose and close nothing', () => {
    const { filter, onChoose, onClose } = renderPicker();
    fireEvent.keyDown(filter, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(filter, { key: 'Escape', isComposing: true });
    expect(onChoose).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('Escape in the list closes the picker, and goes no further', () => {
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    const { filter, onClose } = renderPicker();
    fireEvent.keyDown(filter, { key: 'Escape' });
    document.removeEventListener('keydown', outside);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(outside).not.toHaveBeenCalled();
  });

  test('names are text, never markup; no destination says why; a failure is shown', () => {
    renderPicker({ destinations: [], error: 'globex did not accept the document: No more documents permitted (limit 10).' });
    expect(screen.getByText(/documents can go only to workspaces you own or edit/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('globex did not accept the document: No more documents permitted (limit 10).');
    cleanup();
    const hostile: Listing = { ...LISTING, sites: [{ ...LISTING.sites[0]!, workspaces: [...LISTING.sites[0]!.workspaces, { id: 13, name: '<img src=x onerror=alert(1)>', access: 'owners', documents: [] }] }] };
    renderPicker({ destinations: moveDestinations(hostile, FROM) });
    expect(screen.getByRole('option', { name: '<img src=x onerror=alert(1)> — Personal' }).textContent).toBe('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });
});
