/**
 * Sending a file to the file manager with its progress (XHR: fetch reports no upload progress), and
 * the image widths the worker serves at `?w=` (a Worker cannot resize images without Cloudflare
 * Images, so the browser draws them with a canvas right after the upload).
 */
import { api } from '../../../api';
import { crumb } from '../../../client/crumb';
import { CSRF_HEADER } from '../../../client/request';
import { ApiError, API_MESSAGES } from '../../ui/api';
import {
  fileType,
  FILE_MESSAGES,
  IMAGE_WIDTHS,
  isImageType,
  MAX_FILE_BYTES,
  type StoredFile,
} from '../../../site/editor/files';

/** The spec's message for a file the store will not take, before anything is sent; null when it may go. */
export function refusal(file: File): string | null {
  if (fileType(file.name) === null) return FILE_MESSAGES.unsupported(file.name);
  if (file.size > MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge(file.name);
  return null;
}

/** Uploads `file` (as a new file, or over `replacing`), calling `onProgress` with 0–1 as it goes. */
export async function sendFile(
  file: File,
  onProgress: (fraction: number) => void,
  replacing?: string,
): Promise<StoredFile> {
  const token = await crumb();
  const route = replacing === undefined ? api.upload : api.replaceFile;
  const path =
    replacing === undefined
      ? api.upload.path({ name: file.name })
      : api.replaceFile.path(replacing, { name: file.name });
  const stored = await new Promise<StoredFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, path);
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.setRequestHeader('content-type', fileType(file.name) ?? 'application/octet-stream');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = xhr.response as { error?: string } | StoredFile | null;
      if (xhr.status < 200 || xhr.status >= 300)
        reject(new ApiError(xhr.status, (answer as { error?: string } | null)?.error ?? API_MESSAGES.server));
      // An answer cut short or replaced on the way (a proxy's page) is not the stored file the upload ends with.
      else if (typeof (answer as Partial<StoredFile> | null)?.id !== 'string')
        reject(new ApiError(xhr.status, FILE_MESSAGES.uploadIncomplete));
      else resolve(answer as StoredFile);
    };
    xhr.onerror = () => reject(new ApiError(0, API_MESSAGES.network));
    xhr.send(file);
  });
  onProgress(1);
  if (isImageType(stored.type)) await sendWidths(file, stored, token).catch(() => undefined);
  return stored;
}

/** The narrower copies of an image; an image no wider than a width needs none of it (`?w=` then serves the original). */
async function sendWidths(file: File, stored: StoredFile, token: string): Promise<void> {
  const bitmap = await createImageBitmap(file);
  try {
    for (const width of IMAGE_WIDTHS) {
      if (width >= bitmap.width) continue;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.85));
      if (blob === null || blob.type !== 'image/webp') return;
      await fetch(api.fileVariant.path(stored.id, stored.rev, `w${width}`), {
        method: api.fileVariant.method,
        headers: { [CSRF_HEADER]: token, 'content-type': 'image/webp' },
        body: blob,
      });
    }
  } finally {
    bitmap.close();
  }
}
