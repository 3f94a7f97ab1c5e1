/**
 * Merchant files (the console's file manager): which files the store takes, how large, the
 * messages for the others (engine spec §5), and where a file is served. Shared by the worker
 * (src/routes/console/console-files.ts) and the console (src/console/sections/files/).
 */
import { BYTES_IN_MB } from './file-size';

/** The largest file the store takes: 20 MB (decimal, as upload limits are stated). */
export const MAX_FILE_BYTES = 20 * BYTES_IN_MB;
export const MAX_FILE_TEXT = '20 MB';

/**
 * Types by extension. SVG and HTML are left out: a file is served from the store's own origin,
 * and either could carry script.
 */
export const FILE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
};

/** Widths a browser makes of an uploaded image, and the only ones `?w=` asks for. */
export const IMAGE_WIDTHS = [300, 750, 1500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * The `srcset` of an uploaded image (a `/files/…` address) of `originalSize` ('WxH'): its narrower
 * widths by `?w=`, then the original at its own width; null for any other address or an unknown size.
 */
export function fileSrcset(url: string, originalSize: string | undefined): string | null {
  const width = Number(/^(\d+)x\d+$/.exec(originalSize ?? '')?.[1]);
  if (!url.startsWith('/files/') || url.includes('?') || !(width > 0)) return null;
  const narrower = IMAGE_WIDTHS.filter((w) => w < width).map((w) => `${url}?w=${w} ${w}w`);
  return [...narrower, `${url} ${width}w`].join(', ');
}

export const FILE_MESSAGES = {
  nameRequired: 'Please enter a file name',
  unsupported: (fileName: string) => `The file ${fileName} does not appear to be a supported file`,
  /** The spec's text, then the maximum it says is shown. */
  tooLarge: (fileName: string) => `The file ${fileName} is too large. The maximum size is ${MAX_FILE_TEXT}.`,
  unknownFile: 'That file does not exist.',
  nameTooLong: 'File names can be at most 200 characters.',
  /** Spec §8's delete-file warning: it cannot be undone. */
  deleteWarning: (fileName: string) =>
    `Delete ${fileName}? Pages that show it will show nothing in its place. This cannot be undone.`,
  /** Spec §8's texts, each with its title, for an upload or a rename that failed once sent (the connection, the server). */
  uploadFailed: { title: 'Unable to Upload File', text: 'There was a problem while uploading your file' },
  renameFailed: { title: 'Unable to Rename File', text: 'There was a problem while renaming your file' },
  /** Spec §8: a failed upload's status, where a finished one says 'Uploaded'. */
  errorUploading: 'Error uploading',
  /** Spec §8: the reason when the store answered an upload without the stored file. */
  uploadIncomplete: 'File upload failed to complete',
} as const;

export const MAX_FILE_NAME = 200;

/** The content type of a file by its name's extension, or null when the store does not take it. */
export function fileType(fileName: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === undefined ? null : (FILE_TYPES[extension] ?? null);
}

export const isImageType = (type: string) => type.startsWith('image/');

/** A name as it goes in a URL path: no slashes or control characters, spaces as dashes. */
export function urlName(fileName: string): string {
  return encodeURIComponent(fileName.trim().replace(/[\s/\\]+/g, '-'));
}

/** The file's original in the file manager's R2 bucket (the one place files are stored). */
export const fileKey = (websiteId: string, id: string) => `o/${websiteId}/${id}`;

/**
 * The R2 metadata that marks a file a digital product delivers: it is then never served at its
 * public address (`/files/...`), only through a paid order's download link.
 */
export const DELIVERED_ONLY = 'deliveredOnly';

/** Where the file is served; a new revision (replace) or name (rename) gives a new address. */
export function fileUrl(file: { id: string; rev: number; name: string }): string {
  return `/files/${file.id}/${file.rev}/${urlName(file.name)}`;
}

/** What the console lists of a file. */
export interface StoredFile {
  id: string;
  name: string;
  type: string;
  size: number;
  rev: number;
  uploaded: number;
  url: string;
}
