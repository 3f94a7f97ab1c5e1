/**
 * Address search on the checkout form, when the store offers it: a combobox (WAI-ARIA 1.2 pattern)
 * whose suggestions come from the store's places integration. Typing asks for suggestions after a
 * short pause; arrow keys move through them, Enter (or a click) chooses one and fills the address
 * fields; Escape closes the list. The fields below stay editable: search only fills them in.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addressOf, CheckoutError, searchAddresses, type AddressSuggestion, type FoundAddress } from '../checkout-api';
import { fieldValue } from '../field-value';

export interface CheckoutAddressSearchProps {
  onFound: (address: FoundAddress) => void;
}

const PAUSE_MS = 250;
const MIN_QUERY = 3;
const MAX_QUERY = 100;
const LIST_ID = 'checkout-address-search-list';
const INPUT_ID = 'checkout-address-search';

const optionId = (index: number) => `${LIST_ID}-${index}`;

/** One token per search session (the provider bills a search and its chosen place as one). */
const newSession = () => crypto.randomUUID().replaceAll('-', '');

export function CheckoutAddressSearch({ onFound }: CheckoutAddressSearchProps) {
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const session = useRef(newSession());
  const asked = useRef(0);
  /** The description of the suggestion just chosen: shown in the box, not searched again. */
  const chosen = useRef<string | null>(null);

  useEffect(() => {
    const text = query.trim();
    if (text.length < MIN_QUERY || query === chosen.current) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      searchAddresses(text, session.current)
        .then(({ predictions }) => {
          if (ask !== asked.current) return;
          setSuggestions(predictions);
          setActive(-1);
          setOpen(true);
          setStatus(
            predictions.length === 0
              ? 'No addresses found.'
              : `${predictions.length} address${predictions.length === 1 ? '' : 'es'} found. Use the arrow keys to choose.`,
          );
        })
        .catch((error: unknown) => setStatus(error instanceof CheckoutError ? error.message : ''));
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const choose = (suggestion: AddressSuggestion) => {
    setOpen(false);
    chosen.current = suggestion.description;
    setQuery(suggestion.description);
    asked.current++;
    addressOf(suggestion.placeId, session.current)
      .then(({ address }) => {
        onFound(address);
        setStatus('Address filled in below.');
        session.current = newSession();
      })
      .catch((error: unknown) => setStatus(error instanceof CheckoutError ? error.message : ''));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen !== undefined) choose(chosen);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && suggestions.length > 0;
  return (
    <div className="CheckoutField CheckoutAddressSearch">
      <label htmlFor={INPUT_ID}>
        Find your address<span className="CheckoutField-optional"> (optional)</span>
      </label>
      <input
        id={INPUT_ID}
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={MAX_QUERY}
        value={query}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LIST_ID}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => setQuery(fieldValue(event))}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={LIST_ID} role="listbox" aria-label="Addresses" className="CheckoutAddressSearch-list" hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.placeId}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="CheckoutAddressSearch-option"
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            {suggestion.description}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
