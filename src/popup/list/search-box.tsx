/** The search field at the top of the popup. */
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import { tRepeated } from '../../shared/i18n.ts';
import type { PopupStore } from '../store-types.ts';

interface SearchBoxProps {
  store: PopupStore;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Called on ArrowDown, to move focus into the results. */
  onArrowDown: () => void;
  /** Called on Enter, to open the first result. */
  onEnter: () => void;
}

/** A labelled search field that filters the listing as the user types; focused when the popup opens. */
export function SearchBox({ store, inputRef, onArrowDown, onEnter }: SearchBoxProps) {
  useEffect(() => {
    inputRef.current?.focus();
  }, [inputRef]);

  return (
    <div class="search" role="search">
      <label class="visually-hidden" for="search-documents">
        {tRepeated('searchDocuments')}
      </label>
      <input
        class="text-field"
        id="search-documents"
        ref={inputRef}
        type="search"
        placeholder={tRepeated('searchDocuments')}
        title={tRepeated('keyboardHelp')}
        aria-describedby="keyboard-help"
        autocomplete="off"
        spellcheck={false}
        value={store.query.value}
        onInput={(event) => store.setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.isComposing) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            onArrowDown();
          } else if (event.key === 'Enter') {
            event.preventDefault();
            onEnter();
          } else if (event.key === 'Escape' && store.query.value) {
            // Clears the search instead of closing the popup; a second Escape closes it.
            event.preventDefault();
            store.setQuery('');
          }
        }}
      />
      <p class="visually-hidden" id="keyboard-help">
        {tRepeated('keyboardHelp')}
      </p>
    </div>
  );
}
