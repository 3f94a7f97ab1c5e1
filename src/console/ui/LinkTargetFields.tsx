/**
 * The link editor's target and value (engine spec §2: Page, Web Address, Email, Phone, File), the
 * part every link editor shares: a post's or page's text and the navigation. A File link is chosen
 * in the file manager, never typed. The rules and messages are the server's own
 * (src/site/editor/link-target.ts).
 */
import { useState } from 'react';
import {
  fileNameOf,
  LINK_TARGET_LABELS,
  LINK_TARGET_TYPES,
  MAX_LINK_LENGTH,
  type LinkTarget,
  type LinkTargetType,
} from '../../site/editor/link-target';
import { FilePicker } from '../sections/files/FilePicker';
import { describedBy, FieldError } from './FieldError';

const VALUE_LABELS: Record<LinkTargetType, string> = {
  page: 'Page address',
  web: 'Web address',
  email: 'Email address',
  phone: 'Phone number',
  file: 'File',
};
const VALUE_HINTS: Record<LinkTargetType, string> = {
  page: 'A page of this store, such as /shop.',
  web: 'Another website, such as https://www.example.com.',
  email: 'Opens the visitor’s email app.',
  phone: 'Calls from a phone, such as +1 555 0100.',
  file: 'A file from Files: choose one or upload it there.',
};
const INPUT_MODES: Partial<Record<LinkTargetType, 'email' | 'tel' | 'url'>> = {
  email: 'email',
  phone: 'tel',
  web: 'url',
};

export interface LinkTargetFieldsProps {
  id: string;
  value: LinkTarget;
  onChange: (value: LinkTarget) => void;
  error: string | undefined;
  /** The store's pages a Page link offers. */
  pages: readonly { title: string; url: string }[];
  /** Whether the file manager it opens offers uploads (the content permission). */
  canUpload: boolean;
}

export function LinkTargetFields({ id, value, onChange, error, pages, canUpload }: LinkTargetFieldsProps) {
  const [picking, setPicking] = useState(false);
  const errorId = `${id}-value-error`;
  return (
    <>
      <fieldset className="Field">
        <legend>Link to</legend>
        <div className="LinkEditor-targets">
          {LINK_TARGET_TYPES.map((option) => (
            <label
              key={option}
              className={value.type === option ? 'Segment FilterChip is-selected' : 'Segment FilterChip'}
            >
              <input
                type="radio"
                name={`${id}-type`}
                value={option}
                checked={value.type === option}
                onChange={() => onChange({ type: option, value: '' })}
              />
              {LINK_TARGET_LABELS[option]}
            </label>
          ))}
        </div>
      </fieldset>
      {value.type === 'file' ? (
        <div className="Field">
          <span className="Field-label" id={`${id}-file-label`}>
            {VALUE_LABELS.file}
          </span>
          <p className="LinkEditor-file" id={`${id}-file-name`}>
            {value.value === '' ? 'No file chosen' : fileNameOf(value.value)}
          </p>
          <button
            type="button"
            className="Button Button--small"
            aria-describedby={`${id}-file-label ${id}-file-name${error === undefined ? '' : ` ${errorId}`}`}
            onClick={() => setPicking(true)}
          >
            {value.value === '' ? 'Choose a file' : 'Choose another file'}
          </button>
          <p className="Field-hint">{VALUE_HINTS.file}</p>
          <FieldError id={errorId} message={error} />
          {picking && (
            <FilePicker
              canUpload={canUpload}
              onPick={(file) => {
                onChange({ type: 'file', value: file.url });
                setPicking(false);
              }}
              onClose={() => setPicking(false)}
            />
          )}
        </div>
      ) : (
        <div className="Field">
          <label htmlFor={`${id}-value`}>{VALUE_LABELS[value.type]}</label>
          <input
            id={`${id}-value`}
            type="text"
            inputMode={INPUT_MODES[value.type]}
            value={value.value}
            maxLength={MAX_LINK_LENGTH}
            list={value.type === 'page' ? `${id}-pages` : undefined}
            onChange={(event) => onChange({ type: value.type, value: event.target.value })}
            {...describedBy(errorId, error)}
          />
          <p className="Field-hint">{VALUE_HINTS[value.type]}</p>
          <FieldError id={errorId} message={error} />
          {value.type === 'page' && (
            <datalist id={`${id}-pages`}>
              {pages.map((page) => (
                <option key={page.url} value={page.url}>
                  {page.title}
                </option>
              ))}
            </datalist>
          )}
        </div>
      )}
    </>
  );
}
