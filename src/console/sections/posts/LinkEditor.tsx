/**
 * The link editor of a post's or page's text (engine spec §2): a link to a Page, a Web Address, an
 * Email, a Phone or a File (ui/LinkTargetFields.tsx), checked with the spec's message under the
 * field (§5) before it is applied.
 */
import { api } from '../../../api';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { linkHref, targetOfHref, type LinkTarget } from '../../../site/editor/link-target';
import type { ConsoleSession } from '../../section-types';
import { DialogActions, LinkTargetFields, useFetch } from '../../ui';
import { useModalDialog } from '../../ui/useModalDialog';

export interface LinkEditorProps {
  session: ConsoleSession;
  href: string;
  newWindow: boolean;
  /** The href to set, or null to remove the link. */
  onApply: (href: string | null, newWindow: boolean) => void;
  onClose: () => void;
}

export function LinkEditor({ session, href, newWindow: initialNewWindow, onApply, onClose }: LinkEditorProps) {
  const [target, setTarget] = useState<LinkTarget>(href === '' ? { type: 'web', value: '' } : targetOfHref(href));
  const [newWindow, setNewWindow] = useState(initialNewWindow);
  const [error, setError] = useState<string | undefined>();
  const dialog = useModalDialog();
  const pages = useFetch(api.pages.at());
  const ids = useId();
  const apply = () => {
    const made = linkHref(target);
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
        <LinkTargetFields
          id={ids}
          value={target}
          onChange={(next) => {
            setTarget(next);
            setError(undefined);
          }}
          error={error}
          pages={(pages.data?.pages ?? []).map((page) => ({ title: page.title, url: page.fullUrl }))}
          canUpload={session.can.content}
        />
        <label className="Field-inline">
          <input type="checkbox" checked={newWindow} onChange={(event) => setNewWindow(event.target.checked)} />
          Open in a new window
        </label>
        <DialogActions onCancel={onClose} submit="Apply">
          {href !== '' && (
            <button type="button" className="Button Button--plain" onClick={() => onApply(null, false)}>
              Remove link
            </button>
          )}
        </DialogActions>
      </form>
    </dialog>,
    document.body,
  );
}
