/**
 * Where a shipping rate ships to, picked from the checkout's countries and their listed regions
 * (never typed codes, src/commerce/subdivisions.ts): the chosen places as a list with Remove buttons,
 * then a country select and that country's regions ("All of {country}" first) to add one. An empty
 * list means everywhere.
 */
import { useState } from 'react';
import { COUNTRIES, countryName } from '../../../commerce/address';
import { subdivisionName, subdivisionsOf } from '../../../commerce/subdivisions';
import type { FieldControlProps } from '../../ui';

/** 'US' → 'United States', 'US-CA' → 'California, United States'. */
export function placeName(place: string): string {
  const [country = '', region] = place.split('-');
  return region === undefined ? countryName(country) : `${subdivisionName(country, region)}, ${countryName(country)}`;
}

export function PlacesPicker({
  places,
  onChange,
  control,
}: {
  places: readonly string[];
  onChange: (places: string[]) => void;
  control: FieldControlProps;
}) {
  const [country, setCountry] = useState('');
  const [region, setRegion] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const regions = subdivisionsOf(country);
  const adding = country === '' ? '' : region === '' ? country : `${country}-${region}`;
  const add = () => {
    if (adding === '' || places.includes(adding)) return;
    onChange([...places, adding]);
    setAnnouncement(`${placeName(adding)} added`);
    // The country stays chosen, so several of its regions are added one after another.
    setRegion('');
  };
  const remove = (place: string) => {
    onChange(places.filter((p) => p !== place));
    setAnnouncement(`${placeName(place)} removed`);
  };
  return (
    <div className="PlacesPicker">
      {places.length === 0 ? (
        <p className="Muted">Everywhere: add countries or regions to ship only there.</p>
      ) : (
        <ul className="PlacesPicker-list" aria-label="Ships to">
          {places.map((place) => (
            <li key={place} className="PlacesPicker-place">
              <span>{placeName(place)}</span>
              <button
                type="button"
                className="Button Button--small"
                onClick={() => remove(place)}
                aria-label={`Remove ${placeName(place)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="PlacesPicker-add">
        <div className="PlacesPicker-choice">
          <label className="PlacesPicker-label" htmlFor={control.id}>
            Country
          </label>
          <select
            {...control}
            value={country}
            onChange={(e) => {
              setCountry(e.target.value);
              setRegion('');
            }}
          >
            <option value="">Choose a country…</option>
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="PlacesPicker-choice">
          <label className="PlacesPicker-label" htmlFor={`${control.id}-region`}>
            State or region
          </label>
          <select
            id={`${control.id}-region`}
            value={region}
            disabled={country === ''}
            onChange={(e) => setRegion(e.target.value)}
          >
            <option value="" disabled={country !== '' && places.includes(country)}>
              {country === '' ? 'Choose a country first' : `All of ${countryName(country)}`}
            </option>
            {regions.map(([code, name]) => (
              <option key={code} value={code} disabled={places.includes(`${country}-${code}`)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="Button PlacesPicker-button"
          onClick={add}
          disabled={adding === '' || places.includes(adding)}
        >
          Add
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
