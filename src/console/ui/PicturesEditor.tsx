/**
 * An item's pictures where the item is edited: upload by dropping files on it or choosing them (a
 * progress bar each, a refused file named with the reason and the limit), pick from the file
 * manager, then order them (drag, or the move buttons from the keyboard), describe each (alt text)
 * and remove. The first picture is the item's own. Each upload is measured, since pages reserve a
 * picture's space from its size. A product's gallery and a post's main picture (max 1) use it.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { fileType, FILE_MESSAGES, isImageType, MAX_FILE_TEXT } from '../../site/editor/files';
import { IMAGE_ADDRESS_MESSAGE, isImageUrl } from '../../site/model/image-url';
import { FilePicker } from '../sections/files/FilePicker';
import { refusal, sendFile } from '../sections/files/upload';
import { errorMessage } from './api';
import { describedBy, FieldError } from './FieldError';
import { type Upload, UploadList } from './UploadRow';

export interface PickedImage {
  assetUrl: string;
  /** 'WIDTHxHEIGHT'. */
  originalSize: string;
  altText: string;
}

export const PICTURE_MESSAGES = {
  notAPicture: (fileName: string) =>
    `The file ${fileName} is not a picture: choose a JPEG, PNG, GIF, WebP or AVIF image.`,
  tooLarge: FILE_MESSAGES.tooLarge,
  unreadable: 'That picture could not be loaded. Check its address.',
  tooMany: (max: number) =>
    max === 1
      ? 'Remove the picture before adding another.'
      : `At most ${max} pictures: remove one before adding another.`,
} as const;

const PICTURE_TYPES = 'JPEG, PNG, GIF, WebP or AVIF';

export interface PicturesEditorProps {
  id: string;
  pictures: readonly PickedImage[];
  /** Given a change of the latest pictures: uploads finish after other edits. */
  onChange: (change: (pictures: PickedImage[]) => PickedImage[]) => void;
  max: number;
  canUpload: boolean;
  /** The save's message for `images` or `images.{i}`. */
  problem?: (field: string) => string | undefined;
}

let uploadKeys = 0;

/** 'WIDTHxHEIGHT' of an image file, read in the browser; null when it cannot be decoded. */
async function measured(file: Blob): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = `${bitmap.width}x${bitmap.height}`;
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** 'WIDTHxHEIGHT' of a picture at an address (one chosen from the file manager). */
export function measuredAt(url: string): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = new Image();
    probe.onload = () => resolve(`${probe.naturalWidth}x${probe.naturalHeight}`);
    probe.onerror = () => resolve(null);
    probe.src = url;
  });
}

const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

export function PicturesEditor({
  id,
  pictures,
  onChange,
  max,
  canUpload,
  problem = () => undefined,
}: PicturesEditorProps) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dropping, setDropping] = useState(false);
  const [picking, setPicking] = useState(false);
  const [notice, setNotice] = useState('');
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | undefined>();
  const dragged = useRef<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const count = useRef(pictures.length);
  count.current = pictures.length;
  const noun = max === 1 ? 'picture' : 'pictures';

  useEffect(() => {
    if (focusAfter === null) return;
    buttons.current.get(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter, pictures]);

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  const add = (picture: PickedImage) =>
    onChange((all) =>
      all.some((other) => other.assetUrl === picture.assetUrl)
        ? all
        : max === 1
          ? [picture]
          : [...all, picture].slice(0, max),
    );

  const upload = async (file: File) => {
    const key = ++uploadKeys;
    const type = fileType(file.name);
    const refused =
      type === null || !isImageType(type)
        ? PICTURE_MESSAGES.notAPicture(file.name)
        : refusal(file) !== null
          ? PICTURE_MESSAGES.tooLarge(file.name)
          : max > 1 && count.current >= max
            ? PICTURE_MESSAGES.tooMany(max)
            : null;
    setUploads((all) => [
      ...all.filter((other) => (other.error === undefined && other.failed === undefined) || other.progress > 0),
      { key, name: file.name, progress: 0, ...(refused === null ? {} : { error: refused }) },
    ]);
    if (refused !== null) return setNotice(refused);
    count.current += 1;
    try {
      const size = await measured(file);
      const stored = await sendFile(file, (progress) => update(key, { progress }));
      add({ assetUrl: stored.url, originalSize: size ?? (await measuredAt(stored.url)) ?? '1500x1000', altText: '' });
      setUploads((all) => all.filter((other) => other.key !== key));
      setNotice(`${stored.name} uploaded and added`);
    } catch (error) {
      count.current -= 1;
      update(key, { failed: errorMessage(error) });
      setNotice(errorMessage(error));
    }
  };
  /** One after another, so the pictures keep the order they were chosen in. */
  const uploadAll = (files: FileList | null) => {
    void Array.from(files ?? []).reduce((before, file) => before.then(() => upload(file)), Promise.resolve());
  };

  const addAddress = async () => {
    const url = address.trim();
    if (url === '') return;
    if (!isImageUrl(url)) return setAddressError(IMAGE_ADDRESS_MESSAGE);
    const size = await measuredAt(url);
    if (size === null) return setAddressError(PICTURE_MESSAGES.unreadable);
    setAddressError(undefined);
    setAddress('');
    add({ assetUrl: url, originalSize: size, altText: '' });
    setNotice('Picture added');
  };

  /** With `by` the keyboard's button: the focus stays on the moved picture's button, or its other one at either end. */
  const move = (from: number, to: number, by?: 'earlier' | 'later') => {
    if (to < 0 || to >= pictures.length || from === to) return;
    const url = pictures[from]?.assetUrl ?? '';
    onChange((all) => moved(all, from, to));
    setNotice(`Picture moved to position ${to + 1} of ${pictures.length}`);
    if (by !== undefined) setFocusAfter(`${url} ${to === 0 ? 'later' : to === pictures.length - 1 ? 'earlier' : by}`);
  };
  const remove = (index: number) => {
    onChange((all) => all.filter((_, i) => i !== index));
    setNotice(`Picture ${index + 1} removed`);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    if (event.dataTransfer.files.length > 0) uploadAll(event.dataTransfer.files);
  };
  const full = pictures.length >= max;

  return (
    <div
      className={`PicturesEditor${dropping ? ' is-dropping' : ''}`}
      onDragOver={(event) => {
        if (!canUpload || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={onDrop}
      data-testid={`${id}-drop`}
    >
      {pictures.length > 0 && (
        <ol className="PicturesEditor-list" aria-label={max === 1 ? 'Picture' : 'Pictures, the first is the main one'}>
          {pictures.map((picture, i) => {
            const altId = `${id}-alt-${i}`;
            const error = problem(`images.${i}`) ?? problem(`images.${i}.altText`);
            return (
              <li
                key={picture.assetUrl}
                className="PicturesEditor-item"
                draggable={max > 1}
                onDragStart={(event) => {
                  dragged.current = i;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', picture.assetUrl);
                }}
                onDragOver={(event) => {
                  if (dragged.current === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => {
                  if (dragged.current === null) return;
                  event.preventDefault();
                  event.stopPropagation();
                  move(dragged.current, i);
                  dragged.current = null;
                }}
                onDragEnd={() => (dragged.current = null)}
              >
                <img
                  className="PicturesEditor-thumb"
                  src={picture.assetUrl.startsWith('/files/') ? `${picture.assetUrl}?w=300` : picture.assetUrl}
                  alt=""
                  width={96}
                  height={96}
                />
                <div className="PicturesEditor-fields">
                  <p className="PicturesEditor-position">
                    {max === 1
                      ? 'Picture'
                      : i === 0
                        ? `Picture 1 of ${pictures.length} (main)`
                        : `Picture ${i + 1} of ${pictures.length}`}
                  </p>
                  <div className="Field">
                    <label htmlFor={altId}>Alt text{max === 1 ? '' : `, picture ${i + 1}`}</label>
                    <input
                      id={altId}
                      type="text"
                      maxLength={250}
                      value={picture.altText}
                      placeholder="What the picture shows, for people who cannot see it"
                      onChange={(event) => {
                        const altText = event.target.value;
                        onChange((all) =>
                          all.map((other) => (other.assetUrl === picture.assetUrl ? { ...other, altText } : other)),
                        );
                      }}
                      {...describedBy(`${altId}-error`, error)}
                    />
                    <FieldError id={`${altId}-error`} message={error} />
                  </div>
                  <div className="PicturesEditor-actions">
                    {max > 1 && (
                      <>
                        <button
                          ref={(element) => void buttons.current.set(`${picture.assetUrl} earlier`, element)}
                          type="button"
                          className="Button Button--small"
                          disabled={i === 0}
                          onClick={() => move(i, i - 1, 'earlier')}
                        >
                          Move earlier<span className="visually-hidden">: picture {i + 1}</span>
                        </button>
                        <button
                          ref={(element) => void buttons.current.set(`${picture.assetUrl} later`, element)}
                          type="button"
                          className="Button Button--small"
                          disabled={i === pictures.length - 1}
                          onClick={() => move(i, i + 1, 'later')}
                        >
                          Move later<span className="visually-hidden">: picture {i + 1}</span>
                        </button>
                      </>
                    )}
                    <button type="button" className="Button Button--small Button--plain" onClick={() => remove(i)}>
                      Remove<span className="visually-hidden"> picture {i + 1}</span>
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {!full || max === 1 ? (
        <div className="DropZone PicturesEditor-drop">
          <p>
            {canUpload ? `Drop ${noun} here or ` : ''}
            {canUpload && (
              <label className="Button Button--small">
                {max === 1 && full ? 'Upload another' : `Upload ${noun}`}
                <input
                  id={`${id}-upload`}
                  type="file"
                  multiple={max > 1}
                  className="visually-hidden"
                  accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
                  onChange={(event) => (uploadAll(event.target.files), (event.target.value = ''))}
                />
              </label>
            )}{' '}
            <button type="button" className="Button Button--small" onClick={() => setPicking(true)}>
              Choose from files
            </button>
          </p>
          <p className="Field-hint" id={`${id}-limits`}>
            {PICTURE_TYPES}, up to {MAX_FILE_TEXT} each
            {max > 1 ? `; at most ${max} pictures. Drag a picture or use its buttons to change the order.` : '.'}
          </p>
          <div className="Field PicturesEditor-address">
            <label htmlFor={`${id}-url`}>Or add a picture by its address</label>
            <div className="Field-inline">
              <input
                id={`${id}-url`}
                type="text"
                inputMode="url"
                value={address}
                placeholder="/images/… or https://…"
                onChange={(event) => setAddress(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  void addAddress();
                }}
                {...describedBy(`${id}-url-error`, addressError)}
              />
              <button type="button" className="Button Button--small" onClick={() => void addAddress()}>
                Add
              </button>
            </div>
            <FieldError id={`${id}-url-error`} message={addressError} />
          </div>
        </div>
      ) : (
        <p className="Field-hint">{PICTURE_MESSAGES.tooMany(max)}</p>
      )}
      <UploadList uploads={uploads} />
      <FieldError id={`${id}-error`} message={problem('images')} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      {picking && (
        <FilePicker
          canUpload={canUpload}
          title="Choose a picture"
          imagesOnly
          onPick={(file) => {
            setPicking(false);
            void measuredAt(file.url).then((size) =>
              add({ assetUrl: file.url, originalSize: size ?? '1500x1000', altText: '' }),
            );
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
