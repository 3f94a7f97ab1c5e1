/**
 * The font browser (engine spec §2): search by name, the seven categories, each font shown in
 * itself. The fonts are system font stacks (src/site/fonts.ts): nothing is downloaded.
 */
import { useId, useState } from 'react';
import { FONT_CATEGORIES, searchFonts, type Font, type FontCategory } from '../../../site/editor/fonts';

export const FONT_BROWSER_MESSAGES = { noResults: 'No results found' } as const;

export function FontBrowser({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (fontId: string) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<FontCategory | null>(null);
  const fonts = searchFonts(query, category);
  const chosen = (font: Font) => font.id === value;
  return (
    <fieldset className="FontBrowser">
      <legend className="FontBrowser-legend">{label}</legend>
      <div className="FontBrowser-controls">
        <label className="Field" htmlFor={`${id}-search`}>
          <span>Search fonts</span>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            maxLength={60}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <div className="FontBrowser-categories" role="group" aria-label={`${label} font categories`}>
          <button
            type="button"
            className="FilterChip"
            aria-pressed={category === null}
            onClick={() => setCategory(null)}
          >
            All
          </button>
          {FONT_CATEGORIES.map((name) => (
            <button
              key={name}
              type="button"
              className="FilterChip"
              aria-pressed={category === name}
              onClick={() => setCategory(name)}
            >
              {name}
            </button>
          ))}
        </div>
      </div>
      {fonts.length === 0 ? (
        <p className="Muted" role="status">
          {FONT_BROWSER_MESSAGES.noResults}
        </p>
      ) : (
        <div className="FontBrowser-list" role="radiogroup" aria-label={`${label} font`}>
          {fonts.map((font) => (
            <label key={font.id} className={chosen(font) ? 'FontOption is-selected' : 'FontOption'}>
              <input
                type="radio"
                name={`${id}-font`}
                value={font.id}
                checked={chosen(font)}
                onChange={() => onChange(font.id)}
              />
              <span className="FontOption-sample" style={{ fontFamily: font.stack }}>
                {font.name}
              </span>
              <span className="FontOption-category">{font.category}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
