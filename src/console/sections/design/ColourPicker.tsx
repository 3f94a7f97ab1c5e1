/**
 * The colour picker (engine spec §2: hex, RGB, HSL, alpha, swatches; §3: the hsv model too). The colour is a website
 * colour (hue, saturation, lightness, alpha); the merchant edits it in any of the four models, and
 * a value out of bounds shows the spec's message (`websiteColourProblem`) instead of being applied.
 */
import { useEffect, useId, useState } from 'react';
import {
  colourCss,
  colourHex,
  hexToColour,
  hslToHsv,
  hslToRgb,
  hsvToHsl,
  rgbToHsl,
  websiteColourProblem,
  type WebsiteColour,
} from '../../../site/editor/colour';
import { describedBy, FieldError } from '../../ui/FieldError';

export type ColourModel = 'hex' | 'rgb' | 'hsl' | 'hsv';

export const SWATCHES = [
  '#1f1c19',
  '#6a625a',
  '#fffdf9',
  '#f4efe8',
  '#7a3f22',
  '#a02c1c',
  '#b7791f',
  '#2f5d50',
  '#27476e',
  '#5b3b8c',
  '#027aff',
  '#ffb802',
];

export const PICKER_MESSAGES = {
  hex: 'Enter a hex colour of 3 or 6 digits, such as #7a3f22',
  rgb: 'Red, green and blue are whole numbers from 0 to 255',
  hsv: 'Hue is from 0 to 360, saturation and value from 0 to 100',
} as const;

const round = (value: number, places = 0) => Math.round(value * 10 ** places) / 10 ** places;

interface Fields {
  hex: string;
  r: string;
  g: string;
  b: string;
  h: string;
  s: string;
  l: string;
  /** HSV's saturation and value, in % (its hue is `h`). */
  sv: string;
  v: string;
  a: string;
}

function fieldsOf(colour: WebsiteColour): Fields {
  const { r, g, b } = hslToRgb(colour);
  const hsv = hslToHsv(colour);
  return {
    hex: colourHex({ ...colour, alpha: undefined }),
    r: String(r),
    g: String(g),
    b: String(b),
    h: String(round(colour.hue, 1)),
    s: String(round(colour.saturation * 100, 1)),
    l: String(round(colour.lightness * 100, 1)),
    sv: String(round(hsv.saturation * 100, 1)),
    v: String(round(hsv.value * 100, 1)),
    a: String(round((colour.alpha ?? 1) * 100)),
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The colour the fields describe in `model`, or the message for what is wrong with them. */
function colourFrom(model: ColourModel, fields: Fields): WebsiteColour | { error: string } {
  const alpha = number(fields.a) / 100;
  const withAlpha = (colour: WebsiteColour): WebsiteColour | { error: string } => {
    const candidate = alpha === 1 ? { ...colour, alpha: undefined } : { ...colour, alpha };
    const problem = websiteColourProblem(candidate);
    return problem === null
      ? alpha === 1
        ? { hue: colour.hue, saturation: colour.saturation, lightness: colour.lightness }
        : candidate
      : { error: problem.trim() };
  };
  if (model === 'hex') {
    const colour = hexToColour(fields.hex);
    return colour === null ? { error: PICKER_MESSAGES.hex } : withAlpha(colour);
  }
  if (model === 'rgb') {
    const [r, g, b] = [number(fields.r), number(fields.g), number(fields.b)];
    if (![r, g, b].every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) return { error: PICKER_MESSAGES.rgb };
    return withAlpha(rgbToHsl({ r, g, b, a: 1 }));
  }
  if (model === 'hsv') {
    const [hue, saturation, value] = [number(fields.h), number(fields.sv), number(fields.v)];
    const within = (v: number, max: number) => v >= 0 && v <= max;
    if (!(within(hue, 360) && within(saturation, 100) && within(value, 100))) return { error: PICKER_MESSAGES.hsv };
    return withAlpha(hsvToHsl({ hue, saturation: saturation / 100, value: value / 100 }));
  }
  const colour = { hue: number(fields.h), saturation: number(fields.s) / 100, lightness: number(fields.l) / 100 };
  const problem = websiteColourProblem(Number.isNaN(alpha) || alpha === 1 ? colour : { ...colour, alpha });
  if (problem !== null) return { error: problem.trim() };
  return withAlpha(colour);
}

export function ColourPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: WebsiteColour;
  onChange: (colour: WebsiteColour) => void;
}) {
  const id = useId();
  const [model, setModel] = useState<ColourModel>('hex');
  const [fields, setFields] = useState<Fields>(() => fieldsOf(value));
  const [error, setError] = useState<string | undefined>(undefined);
  const valueKey = JSON.stringify(value);
  useEffect(() => {
    setFields(fieldsOf(value));
    setError(undefined);
  }, [valueKey]);

  const edit = (change: Partial<Fields>) => {
    const next = { ...fields, ...change };
    setFields(next);
    const result = colourFrom(model, next);
    if ('error' in result) setError(result.error);
    else {
      setError(undefined);
      onChange(result);
    }
  };
  const errorId = `${id}-error`;
  const input = (key: keyof Fields, text: string, min: number, max: number, step = 1) => (
    <label className="ColourPicker-field">
      <span>{text}</span>
      <input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={fields[key]}
        onChange={(event) => edit({ [key]: event.target.value })}
        {...describedBy(errorId, error)}
      />
    </label>
  );

  return (
    <fieldset className="ColourPicker" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="ColourPicker-legend">
        <span className="ColourPicker-chip" aria-hidden="true">
          <span style={{ background: colourCss(value) }} />
        </span>
        {label}
        <span className="ColourPicker-value">{colourCss(value)}</span>
      </legend>
      <div className="ColourPicker-models" role="radiogroup" aria-label={`${label} colour model`}>
        {(['hex', 'rgb', 'hsl', 'hsv'] as const).map((m) => (
          <label key={m} className={model === m ? 'Segment is-selected' : 'Segment'}>
            <input
              type="radio"
              name={`${id}-model`}
              value={m}
              checked={model === m}
              onChange={() => {
                setModel(m);
                setFields(fieldsOf(value));
                setError(undefined);
              }}
            />
            {m.toUpperCase()}
          </label>
        ))}
      </div>
      <div className="ColourPicker-fields">
        {model === 'hex' && (
          <>
            <label className="ColourPicker-field ColourPicker-field--wide">
              <span>Hex</span>
              <input
                type="text"
                value={fields.hex}
                maxLength={9}
                spellCheck={false}
                onChange={(event) => edit({ hex: event.target.value })}
                {...describedBy(errorId, error)}
              />
            </label>
            <label className="ColourPicker-field">
              <span>Pick</span>
              <input
                type="color"
                className="ColourPicker-native"
                value={colourHex({ ...value, alpha: undefined })}
                onChange={(event) => edit({ hex: event.target.value })}
              />
            </label>
          </>
        )}
        {model === 'rgb' && (
          <>
            {input('r', 'R', 0, 255)}
            {input('g', 'G', 0, 255)}
            {input('b', 'B', 0, 255)}
          </>
        )}
        {model === 'hsl' && (
          <>
            {input('h', 'H °', 0, 360)}
            {input('s', 'S %', 0, 100)}
            {input('l', 'L %', 0, 100)}
          </>
        )}
        {model === 'hsv' && (
          <>
            {input('h', 'H °', 0, 360)}
            {input('sv', 'S %', 0, 100)}
            {input('v', 'V %', 0, 100)}
          </>
        )}
        {input('a', 'Alpha %', 0, 100)}
      </div>
      <FieldError id={errorId} message={error} />
      <ul className="ColourPicker-swatches" aria-label={`${label} swatches`}>
        {SWATCHES.map((swatch) => {
          const selected = colourHex({ ...value, alpha: undefined }) === swatch;
          return (
            <li key={swatch}>
              <button
                type="button"
                className="ColourPicker-swatch"
                style={{ background: swatch }}
                aria-label={`Use ${swatch}`}
                aria-pressed={selected}
                onClick={() => {
                  const colour = hexToColour(swatch) as WebsiteColour;
                  onChange(value.alpha === undefined ? colour : { ...colour, alpha: value.alpha });
                }}
              />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
