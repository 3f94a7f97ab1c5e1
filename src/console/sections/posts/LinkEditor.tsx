/**
 * The link editor (engine spec §2): a link to a Page, a Web Address, an Email, a Phone or a File,
 * each checked with the spec's message under the field (§5) before it is applied.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LINK_TARGETS, linkHref, linkTargetOf, type LinkTarget } from '../../../site/editor/link-target';
import type { ConsoleSession } from '../../section-types';
import { describedBy, FieldError, useFetch } from '../../ui';
import { FilePicker } from '../files/FilePicker';

export interface LinkEditorProps {
  session: ConsoleSession;
  href: string;
  newWindow: boolean;
  /** The href to set, or null to remove the link. */
  onApply: (href: string | null, newWindow: boolean) => void;
  onClose: () => void;
}

const PLACEHOLDERS: Record<LinkTarget, string> = {
  Page: '/about',
  'Web Address': 'https://www.example.com',
  Email: 'name@example.com',
  Phone: '+1 555 010 2030',
  File: '',
};

export function LinkEditor({ session, href, newWindow: initialNewWindow, onApply, onClose }: LinkEditorProps) {
  const initial = href === '' ? { target: 'Web Address' as LinkTarget, value: '' } : linkTargetOf(href);
  const [target, setTarget] = useState<LinkTarget>(initial.target);
  const [value, setValue] = useState(initial.value);
  const [newWindow, setNewWindow] = useState(initialNewWindow);
  const [error, setError] = useState<string | undefined>();
  const [picking, setPicking] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const pages = useFetch<{ pages: { id: string; title: string; fullUrl: string }[] }>('/api/console/pages');
  const ids = useId();
  const valueId = `${ids}-value`;
  const errorId = `${ids}-error`;
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const apply = () => {
    const made = linkHref(target, value);
    if ('error' in made) setError(made.error);
    else onApply(made.href, newWindow);
  };
  // At the end of the body, outside the post's form (a form may not hold another); React still
  // bubbles a portal's events up its own tree, so the submit stops here.
  return createPortal(
    <dialog
      ref={dialog}
      className="LinkEditor"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        className="LinkEditor-body"
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          apply();
        }}
      >
        <h2 id={`${ids}-title`}>Link</h2>
        <fieldset className="LinkEditor-targets">
          <legend>Link to</legend>
          {LINK_TARGETS.map((option) => (
            <label key={option} className="Field-inline">
              <input
                type="radio"
                name={`${ids}-target`}
                value={option}
                checked={target === option}
                onChange={() => {
                  setTarget(option);
                  setValue('');
                  setError(undefined);
                }}
              />
              {option}
            </label>
          ))}
        </fieldset>
        <div className="Field">
          <label htmlFor={valueId}>{target}</label>
          <input
            id={valueId}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
            placeholder={PLACEHOLDERS[target]}
            type={target === 'Email' ? 'text' : target === 'Phone' ? 'tel' : 'text'}
            inputMode={target === 'Email' ? 'email' : target === 'Web Address' ? 'url' : undefined}
            list={target === 'Page' ? `${ids}-pages` : undefined}
            readOnly={target === 'File'}
            autoFocus
            {...describedBy(errorId, error)}
          />
          {target === 'Page' && (
            <datalist id={`${ids}-pages`}>
              {(pages.data?.pages ?? []).map((page) => (
                <option key={page.id} value={page.fullUrl}>
                  {page.title}
                </option>
              ))}
            </datalist>
          )}
          {target === 'File' && (
            <button type="button" className="Button Button--small" onClick={() => setPicking(true)}>
              Choose file
            </button>
          )}
          <FieldError id={errorId} message={error} />
        </div>
        <label className="Field-inline">
          <input type="checkbox" checked={newWindow} onChange={(event) => setNewWindow(event.target.checked)} />
          Open in a new window
        </label>
        <div className="ConfirmModal-actions">
          {href !== '' && (
            <button type="button" className="Button Button--plain" onClick={() => onApply(null, false)}>
              Remove link
            </button>
          )}
          <button type="button" className="Button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="Button Button--primary">
            Apply
          </button>
        </div>
      </form>
      {picking && (
        <FilePicker
          canUpload={session.can.content}
          onPick={(file) => {
            setValue(file.url);
            setError(undefined);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </dialog>,
    document.body,
  );
}
