/**
 * Choosing a picture: its address, its description for screen readers, and a preview. The picture
 * is loaded to measure it, since pages reserve its space from its size ('800x600'). Any section
 * that takes a picture renders this; the file manager's picker replaces this module behind the same
 * props.
 */
import { useState } from 'react';
import { FilePicker } from '../sections/files/FilePicker';
import { describedBy, FieldError } from './FieldError';

export interface PickedImage {
  assetUrl: string;
  /** 'WIDTHxHEIGHT'. */
  originalSize: string;
  altText: string;
}

export interface ImagePickerProps {
  id: string;
  label: string;
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  error?: string;
  /** Whether the file manager it opens offers uploads (the content permission). */
  canUpload?: boolean;
}

export const IMAGE_PICKER_MESSAGES = { unreadable: 'That picture could not be loaded. Check its address.' } as const;

export function ImagePicker({ id, label, value, onChange, error, canUpload = false }: ImagePickerProps) {
  const [address, setAddress] = useState(value?.assetUrl ?? '');
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = error ?? problem ?? undefined;
  const choose = (url: string) => {
    setAddress(url);
    setProblem(null);
    if (url.trim() === '') return onChange(null);
    const probe = new Image();
    probe.onload = () => onChange({ assetUrl: url.trim(), originalSize: `${probe.naturalWidth}x${probe.naturalHeight}`, altText: value?.altText ?? '' });
    probe.onerror = () => setProblem(IMAGE_PICKER_MESSAGES.unreadable);
    probe.src = url.trim();
  };
  return (
    <div className="ImagePicker">
      <div className="ImagePicker-preview">{value !== null ? <img src={value.assetUrl} alt="" /> : <span aria-hidden="true">No picture</span>}</div>
      <div className="ImagePicker-fields">
        <div className="Field">
          <label htmlFor={`${id}-url`}>{label}</label>
          <input id={`${id}-url`} type="text" inputMode="url" value={address} placeholder="/images/… or https://…" onChange={(event) => setAddress(event.target.value)} onBlur={(event) => choose(event.target.value)} {...describedBy(`${id}-error`, shown)} />
          <FieldError id={`${id}-error`} message={shown} />
        </div>
        {value !== null && (
          <div className="Field">
            <label htmlFor={`${id}-alt`}>Description (alt text)</label>
            <input id={`${id}-alt`} type="text" maxLength={250} value={value.altText} onChange={(event) => onChange({ ...value, altText: event.target.value })} />
          </div>
        )}
        <button type="button" className="Button Button--small" onClick={() => setPicking(true)}>
          Choose from files
        </button>
        {picking && (
          <FilePicker
            canUpload={canUpload}
            title="Choose a picture"
            imagesOnly
            onPick={(file) => {
              setPicking(false);
              choose(file.url);
            }}
            onClose={() => setPicking(false)}
          />
        )}
        {value !== null && (
          <button
            type="button"
            className="Button Button--plain"
            onClick={() => {
              setAddress('');
              onChange(null);
            }}
          >
            Remove picture
          </button>
        )}
      </div>
    </div>
  );
}
