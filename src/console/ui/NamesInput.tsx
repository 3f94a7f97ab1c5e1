/**
 * A list of names (a product's tags or categories): each shown as a chip with its remove button,
 * and a field that adds one on Enter or comma, suggesting names the store already uses.
 */
import { useState, type KeyboardEvent } from 'react';
import { describedBy, FieldError } from './FieldError';

export interface NamesInputProps {
  id: string;
  label: string;
  names: string[];
  suggestions: string[];
  onChange: (names: string[]) => void;
  maxLength: number;
  error?: string;
}

export function NamesInput({ id, label, names, suggestions, onChange, maxLength, error }: NamesInputProps) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const name = draft.trim().replace(/\s+/g, ' ');
    setDraft('');
    if (name !== '' && !names.includes(name)) onChange([...names, name]);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && names.length > 0) onChange(names.slice(0, -1));
  };
  return (
    <div className="Field">
      <label htmlFor={id}>{label}</label>
      {names.length > 0 && (
        <ul className="Chips" aria-label={label}>
          {names.map((name) => (
            <li key={name} className="Chip">
              {name}
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(names.filter((other) => other !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        list={`${id}-suggestions`}
        value={draft}
        maxLength={maxLength}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKey}
        onBlur={add}
        {...describedBy(`${id}-error`, error)}
      />
      <datalist id={`${id}-suggestions`}>
        {suggestions
          .filter((name) => !names.includes(name))
          .map((name) => (
            <option key={name} value={name} />
          ))}
      </datalist>
      <p className="Field-hint">Press Enter or a comma after each one.</p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
