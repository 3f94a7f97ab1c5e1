/**
 * Where a shipping rate ships to, picked from the checkout's countries and their listed regions
 * (never typed codes): the chosen places as a list with Remove buttons, and a select to add one.
 * An empty list means everywhere.
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
  const [adding, setAdding] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const add = () => {
    if (adding === '' || places.includes(adding)) return;
    onChange([...places, adding]);
    setAnnouncement(`${placeName(adding)} added`);
    setAdding('');
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
        <select {...control} value={adding} onChange={(e) => setAdding(e.target.value)}>
          <option value="">Choose a country or region…</option>
          {COUNTRIES.map(([code, name]) => {
            const regions = subdivisionsOf(code);
            if (regions.length === 0)
              return (
                <option key={code} value={code} disabled={places.includes(code)}>
                  {name}
                </option>
              );
            return (
              <optgroup key={code} label={name}>
                <option value={code} disabled={places.includes(code)}>
                  All of {name}
                </option>
                {regions.map(([region, regionName]) => (
                  <option key={region} value={`${code}-${region}`} disabled={places.includes(`${code}-${region}`)}>
                    {regionName}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        <button type="button" className="Button" onClick={add} disabled={adding === ''}>
          Add
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
