/** The search field at the top of the popup. */
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import { tRepeated } from '../../shared/i18n.ts';
import type { PopupStore } from '../store-types.ts';

/** A view's own search (the People view's, the Trash's): its words, its text, and where typing goes. */
export interface ViewSearch {
  label: string;
  value: string;
  onInput: (text: string) => void;
}

interface SearchBoxProps {
  store: PopupStore;
  inputRef: RefObject<HTMLInputElement | null>;
  /**
   * While a view shows in place of the list and searches what it lists: the box is that view's
   * (its label, its text), never the documents' search (`store.query`, kept as it was). Null: the
   * documents' search.
   */
  viewSearch: ViewSearch | null;
  /** Called on ArrowDown, to move focus into the results. */
  onArrowDown: () => void;
  /** Called on Enter, to open the first result. */
  onEnter: () => void;
}

/**
 * A labelled search field that filters the listing as the user types, or searches a view
 * (`viewSearch`); focused when the popup opens. The documents' keyboard help (Enter, the arrows,
 * F2) is the list's only: a view's search has none of it.
 */
export function SearchBox({ store, inputRef, viewSearch, onArrowDown, onEnter }: SearchBoxProps) {
  useEffect(() => {
    inputRef.current?.focus();
  }, [inputRef]);

  // Read here, not in the view above: a keystroke draws the box and the list again, not the whole popup.
  const search = viewSearch ?? { label: tRepeated('searchDocuments'), value: store.query.value, onInput: store.setQuery };
  const listHelp = viewSearch === null;
  return (
    <div class="search" role="search">
      <label class="visually-hidden" for="search-documents">
        {search.label}
      </label>
      <input
        class="text-field"
        id="search-documents"
        ref={inputRef}
        type="search"
        placeholder={search.label}
        title={listHelp ? tRepeated('keyboardHelp') : undefined}
        aria-describedby={listHelp ? 'keyboard-help' : undefined}
        autocomplete="off"
        spellcheck={false}
        value={search.value}
        onInput={(event) => search.onInput(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.isComposing) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            onArrowDown();
          } else if (event.key === 'Enter') {
            event.preventDefault();
            onEnter();
          } else if (event.key === 'Escape' && search.value) {
            // Clears the search instead of closing the popup (or leaving the view); a second Escape does that.
            event.preventDefault();
            search.onInput('');
          }
        }}
      />
      {listHelp && (
        <p class="visually-hidden" id="keyboard-help">
          {tRepeated('keyboardHelp')}
        </p>
      )}
    </div>
  );
}
