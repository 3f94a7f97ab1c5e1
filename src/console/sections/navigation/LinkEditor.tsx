/**
 * The link editor (engine spec §2: targets Page, Web Address, Email, Phone, File) for one
 * navigation item, in a modal dialog; a folder has no link of its own. The spec's messages come
 * from the same check the server makes (src/site/editor/link-target.ts).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LINK_TARGET_LABELS, LINK_TARGET_TYPES, linkHref, type LinkTarget, type LinkTargetType } from '../../../site/editor/navigation-link';
import { describedBy, FieldError } from '../../ui/FieldError';

export interface LinkEdit {
  title: string;
  link: LinkTarget | null;
}

const VALUE_LABELS: Record<LinkTargetType, string> = { page: 'Page address', web: 'Web address', email: 'Email address', phone: 'Phone number', file: 'File name' };
const VALUE_HINTS: Record<LinkTargetType, string> = {
  page: 'A page of this store, such as /shop.',
  web: 'Another website, such as example.com.',
  email: 'Opens the visitor’s email app.',
  phone: 'Calls from a phone, such as +1 555 0100.',
  file: 'A file from Files, such as price-list.pdf.',
};

export const LINK_EDITOR_MESSAGES = { titleRequired: 'Please enter a title' } as const;

export function LinkEditor({ heading, initial, pages, allowFolder, onSave, onCancel }: { heading: string; initial: LinkEdit; pages: { title: string; url: string }[]; allowFolder: boolean; onSave: (edit: LinkEdit) => void; onCancel: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [title, setTitle] = useState(initial.title);
  const [folder, setFolder] = useState(initial.link === null);
  const [type, setType] = useState<LinkTargetType>(initial.link?.type ?? 'page');
  const [value, setValue] = useState(initial.link?.value ?? '');
  const [errors, setErrors] = useState<{ title?: string; value?: string }>({});
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { title?: string; value?: string } = {};
    if (title.trim() === '') found.title = LINK_EDITOR_MESSAGES.titleRequired;
    if (!folder) {
      const checked = linkHref({ type, value });
      if ('error' in checked) found.value = checked.error;
    }
    setErrors(found);
    if (found.title === undefined && found.value === undefined) onSave({ title: title.trim(), link: folder ? null : { type, value: value.trim() } });
  };

  return (
    <dialog
      ref={dialog}
      className="LinkEditor"
      aria-labelledby={`${id}-heading`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-heading`}>{heading}</h2>
        <div className="Field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} type="text" value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} {...describedBy(`${id}-title-error`, errors.title)} />
          <FieldError id={`${id}-title-error`} message={errors.title} />
        </div>
        {allowFolder && (
          <label className="Checkbox Field">
            <input type="checkbox" checked={folder} onChange={(event) => setFolder(event.target.checked)} />
            Folder: opens the links under it, no page of its own
          </label>
        )}
        {!folder && (
          <>
            <fieldset className="Field">
              <legend>Link to</legend>
              <div className="LinkEditor-targets">
                {LINK_TARGET_TYPES.map((option) => (
                  <label key={option} className={type === option ? 'Segment FilterChip is-selected' : 'Segment FilterChip'}>
                    <input
                      type="radio"
                      name={`${id}-type`}
                      value={option}
                      checked={type === option}
                      onChange={() => {
                        setType(option);
                        setErrors({});
                      }}
                    />
                    {LINK_TARGET_LABELS[option]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="Field">
              <label htmlFor={`${id}-value`}>{VALUE_LABELS[type]}</label>
              <input
                id={`${id}-value`}
                type={type === 'email' ? 'email' : type === 'phone' ? 'tel' : 'text'}
                value={value}
                maxLength={2083}
                list={type === 'page' ? `${id}-pages` : undefined}
                onChange={(event) => setValue(event.target.value)}
                {...describedBy(`${id}-value-error`, errors.value)}
              />
              <p className="Field-hint">{VALUE_HINTS[type]}</p>
              <FieldError id={`${id}-value-error`} message={errors.value} />
              {type === 'page' && (
                <datalist id={`${id}-pages`}>
                  {pages.map((page) => (
                    <option key={page.url} value={page.url}>
                      {page.title}
                    </option>
                  ))}
                </datalist>
              )}
            </div>
          </>
        )}
        <div className="Dialog-actions">
          <button type="button" className="Button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="Button Button--primary">
            Done
          </button>
        </div>
      </form>
    </dialog>
  );
}
