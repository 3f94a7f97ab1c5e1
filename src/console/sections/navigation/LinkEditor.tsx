/**
 * The link editor for one navigation item, in a modal dialog: its title, then the link's target
 * and value (ui/LinkTargetFields.tsx, the rules the server checks too); a folder has no link of
 * its own.
 */
import { useId, useState, type FormEvent } from 'react';
import { linkHref, type LinkTarget } from '../../../site/editor/link-target';
import { describedBy, FieldError } from '../../ui/FieldError';
import { LinkTargetFields } from '../../ui/LinkTargetFields';
import { DialogActions } from '../../ui/DialogActions';
import { useModalDialog } from '../../ui/useModalDialog';

export interface LinkEdit {
  title: string;
  link: LinkTarget | null;
}

export const LINK_EDITOR_MESSAGES = { titleRequired: 'Please enter a title' } as const;

export function LinkEditor({
  heading,
  initial,
  pages,
  allowFolder,
  canUpload,
  onSave,
  onCancel,
}: {
  heading: string;
  initial: LinkEdit;
  pages: { title: string; url: string }[];
  allowFolder: boolean;
  canUpload: boolean;
  onSave: (edit: LinkEdit) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const dialog = useModalDialog();
  const [title, setTitle] = useState(initial.title);
  const [folder, setFolder] = useState(initial.link === null);
  const [target, setTarget] = useState<LinkTarget>(initial.link ?? { type: 'page', value: '' });
  const [errors, setErrors] = useState<{ title?: string; value?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { title?: string; value?: string } = {};
    if (title.trim() === '') found.title = LINK_EDITOR_MESSAGES.titleRequired;
    if (!folder) {
      const checked = linkHref(target);
      if ('error' in checked) found.value = checked.error;
    }
    setErrors(found);
    if (found.title === undefined && found.value === undefined)
      onSave({ title: title.trim(), link: folder ? null : { type: target.type, value: target.value.trim() } });
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
          <input
            id={`${id}-title`}
            type="text"
            value={title}
            maxLength={100}
            onChange={(event) => setTitle(event.target.value)}
            {...describedBy(`${id}-title-error`, errors.title)}
          />
          <FieldError id={`${id}-title-error`} message={errors.title} />
        </div>
        {allowFolder && (
          <label className="Field Field-inline">
            <input type="checkbox" checked={folder} onChange={(event) => setFolder(event.target.checked)} />
            Folder: opens the links under it, no page of its own
          </label>
        )}
        {!folder && (
          <LinkTargetFields
            id={id}
            value={target}
            onChange={(next) => {
              if (next.type !== target.type) setErrors({});
              setTarget(next);
            }}
            error={errors.value}
            pages={pages}
            canUpload={canUpload}
          />
        )}
        <DialogActions onCancel={onCancel} />
      </form>
    </dialog>
  );
}
