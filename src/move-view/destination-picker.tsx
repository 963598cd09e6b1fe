/**
 * The destination picker of a move (issue 18), the same in the popup, the document window and the
 * Bulk changes page: a "Filter workspaces" field over a listbox of the workspaces a move may go to,
 * grouped by site, each option named "<workspace> — <site>" (the site named as the listing names
 * it: "Personal" for the personal site). Focus stays in the field (it is a combobox whose active
 * option the arrow keys move); Enter or a click chooses, Escape closes.
 * A destination on another site is marked (its group says so) and asks once before it is chosen,
 * since the document gets a new address there (docs/grist-api.md "Moving a document"). In a form that
 * confirms with a button of its own (the popup's copy form), choosing only marks the destination
 * chosen (`chosen`), and the form acts on it.
 * Names come from Grist: rendered as text only.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t, type MessageKey } from '../shared/i18n.ts';
import type { MoveDestination } from '../shared/rules/move.ts';
import { destinationGroups } from './destinations.ts';
import { siteDisplayName } from '../shared/protocol/listing.ts';

export interface DestinationPickerProps {
  /** Unique on the page: the ids of the field, list and options start with it. */
  idBase: string;
  /** What moves, for the list's name ("Destination for <subject>"): a document's name, or "20 documents". */
  subject: string;
  destinations: readonly MoveDestination[];
  /**
   * The sentence that asks before a move to `destination`, or null when it needs no asking (same
   * site). Shown with Move anyway and Cancel.
   */
  confirmation: (destination: MoveDestination) => string | null;
  /** Called with the destination chosen (and confirmed, if it asked). */
  onChoose: (destination: MoveDestination) => void;
  /**
   * For a form that confirms with a button of its own: the destination chosen so far (null: none
   * yet), the selected option (`aria-selected`) while the arrow keys move the active one, which
   * starts on it. Absent: the active option is the selected one (choosing it acts at once).
   */
  chosen?: MoveDestination | null;
  /** Escape in the list, or Cancel: the caller closes the picker and puts focus back. */
  onClose: () => void;
  /** A reason the last move failed, shown above the list (role="alert"). */
  error?: string | null;
  /** What a group of another site says (default: that the document gets a new address there, as a move does). */
  crossSiteNote?: MessageKey;
}

/** True when `a` and `b` are the same workspace of the same site (a refresh makes new objects of both). */
function sameDestination(a: MoveDestination, b: MoveDestination): boolean {
  return a.workspace.id === b.workspace.id && a.site.orgId === b.site.orgId && a.site.siteUrl === b.site.siteUrl;
}

export function DestinationPicker({ idBase, subject, destinations, confirmation, onChoose, onClose, error, crossSiteNote = 'anotherSite', chosen }: DestinationPickerProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(() => Math.max(0, chosen ? destinations.findIndex((destination) => sameDestination(destination, chosen)) : 0));
  const [confirming, setConfirming] = useState<{ destination: MoveDestination; text: string } | null>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const groups = useMemo(() => destinationGroups(destinations, query), [destinations, query]);
  const options = groups.flatMap((group) => group.destinations);
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${idBase}-option-${index}`;

  // Focus follows the step: the filter while choosing, the question while it asks.
  useLayoutEffect(() => {
    (confirming ? confirmRef : filterRef).current?.focus();
  }, [confirming]);
  // The active option stays in view as the arrow keys move it.
  useLayoutEffect(() => {
    globalThis.document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  function choose(destination: MoveDestination | undefined): void {
    if (!destination) return;
    const text = confirmation(destination);
    if (text) setConfirming({ destination, text });
    else onChoose(destination);
  }

  function onKeyDown(event: KeyboardEvent): void {
    // Enter and Escape also confirm or abandon an IME composition in the filter: not ours.
    if (event.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      // Stops the page from taking it too (the popup's search box clears on Escape).
      event.stopPropagation();
      if (confirming) setConfirming(null);
      else onClose();
    } else if (!confirming && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive(Math.max(0, Math.min(options.length - 1, activeIndex + (event.key === 'ArrowDown' ? 1 : -1))));
    } else if (!confirming && event.key === 'Enter' && event.target === filterRef.current) {
      event.preventDefault();
      choose(options[activeIndex]);
    }
  }

  if (confirming) {
    return (
      <div class="destination-picker" onKeyDown={onKeyDown}>
        <p class="move-confirmation" id={`${idBase}-confirmation`} tabIndex={-1} ref={confirmRef}>
          {confirming.text}
        </p>
        <div class="move-confirmation-actions">
          <button
            type="button"
            class="button primary"
            aria-describedby={`${idBase}-confirmation`}
            onClick={() => {
              // Back to the list behind it: where a refusal is shown, and another place can be chosen.
              setConfirming(null);
              onChoose(confirming.destination);
            }}
          >
            {t('moveAnyway')}
          </button>
          <button type="button" class="button" onClick={() => setConfirming(null)}>
            {t('cancel')}
          </button>
        </div>
      </div>
    );
  }

  let index = 0;
  return (
    <div class={chosen === undefined ? 'destination-picker' : 'destination-picker chooses'} onKeyDown={onKeyDown}>
      {error && (
        <p class="move-error" role="alert">
          {error}
        </p>
      )}
      <input
        id={`${idBase}-filter`}
        ref={filterRef}
        class="destination-filter"
        type="search"
        role="combobox"
        // The options are ours (the listbox below), not a <datalist>: preact's types ask for `list` with this role.
        list={undefined}
        aria-label={t('filterWorkspaces')}
        aria-expanded="true"
        aria-controls={`${idBase}-list`}
        aria-autocomplete="list"
        aria-activedescendant={options.length ? optionId(activeIndex) : undefined}
        placeholder={t('filterWorkspaces')}
        autocomplete="off"
        spellcheck={false}
        value={query}
        onInput={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
        }}
      />
      <div class="destination-list" id={`${idBase}-list`} role="listbox" aria-label={t('destinationFor', subject)}>
        {groups.map((group) => (
          <div role="group" key={`${group.site.orgId} ${group.site.siteUrl}`} aria-label={siteDisplayName(group.site)}>
            <div class="destination-site" aria-hidden="true">
              <span dir="auto">{siteDisplayName(group.site)}</span>
              <span class="destination-site-note">{t(group.crossSite ? crossSiteNote : 'thisSite')}</span>
            </div>
            {group.destinations.map((destination) => {
              const own = index++;
              return (
                <div
                  key={destination.workspace.id}
                  id={optionId(own)}
                  role="option"
                  class={`destination${destination.crossSite ? ' cross-site' : ''}${own === activeIndex ? ' active' : ''}`}
                  aria-selected={chosen === undefined ? own === activeIndex : chosen !== null && sameDestination(destination, chosen)}
                  aria-label={t('destinationOption', destination.workspace.name, siteDisplayName(destination.site))}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    setActive(own);
                    choose(destination);
                  }}
                >
                  <span dir="auto">{destination.workspace.name}</span>
                  {destination.crossSite && <span class="destination-option-site" dir="auto">{` — ${siteDisplayName(destination.site)}`}</span>}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {!options.length && <p class="destination-empty">{t(destinations.length ? 'noWorkspaceMatches' : 'noDestination')}</p>}
    </div>
  );
}
