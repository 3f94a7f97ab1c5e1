/**
 * The file manager as a dialog, for choosing a file: a post's images and links, a product's pictures
 * (ui/PicturesEditor.tsx). A native modal <dialog>: focus stays inside and goes
 * back to what opened it; Escape closes it.
 */
import { createPortal } from 'react-dom';
import type { StoredFile } from '../../../site/editor/files';
import { FileManager } from './FileManager';
import { useModalDialog } from '../../ui/useModalDialog';

export interface FilePickerProps {
  /** Whether the merchant may upload here too (the content permission). */
  canUpload: boolean;
  title?: string;
  imagesOnly?: boolean;
  onPick: (file: StoredFile) => void;
  onClose: () => void;
}

export function FilePicker({
  canUpload,
  title = 'Choose a file',
  imagesOnly = false,
  onPick,
  onClose,
}: FilePickerProps) {
  const dialog = useModalDialog();
  // At the end of the body: a picker opened from a form must not put the file manager's forms inside
  // it. React still bubbles a portal's events up the opener's tree, so a submit stops here.
  return createPortal(
    <dialog
      ref={dialog}
      className="FilePicker"
      aria-labelledby="file-picker-title"
      onSubmit={(event) => event.stopPropagation()}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="FilePicker-head">
        <h2 id="file-picker-title">{title}</h2>
        <button type="button" className="Button Button--plain" onClick={onClose}>
          Close
        </button>
      </div>
      <FileManager canChange={canUpload} imagesOnly={imagesOnly} onPick={onPick} />
    </dialog>,
    document.body,
  );
}
