/**
 * A list's search form: one search field (capped at the server's search limit) and a Search button,
 * with any filters of the list between them. The typed text is searched only when submitted.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { SEARCH_MAX_LENGTH } from '../../commerce/order-search';

export function SearchToolbar({
  label,
  fieldId,
  fieldLabel,
  onSearch,
  children,
}: {
  /** The search landmark's name, e.g. 'Orders'. */
  label: string;
  fieldId: string;
  fieldLabel: string;
  onSearch: (query: string) => void;
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="Toolbar" role="search" aria-label={label} onSubmit={submit}>
      <div className="Field Field--grow">
        <label htmlFor={fieldId}>{fieldLabel}</label>
        <input
          id={fieldId}
          type="search"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {children}
      <button type="submit" className="Button">
        Search
      </button>
    </form>
  );
}
