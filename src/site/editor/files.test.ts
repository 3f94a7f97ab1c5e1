/** An uploaded picture's srcset: the stored widths narrower than it, then itself; nothing for other addresses. */
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, fileSrcset } from './files';

describe('fileSrcset', () => {
  it('lists the narrower stored widths and the original at its width', () => {
    expect(fileSrcset('/files/f1/1/mug.webp', '1000x800')).toBe(
      '/files/f1/1/mug.webp?w=300 300w, /files/f1/1/mug.webp?w=750 750w, /files/f1/1/mug.webp 1000w',
    );
    expect(fileSrcset('/files/f1/1/icon.png', '200x200')).toBe('/files/f1/1/icon.png 200w');
  });

  it('gives nothing for another address or an unknown size', () => {
    expect(fileSrcset('/images/demo/mug.webp', '1000x800')).toBeNull();
    expect(fileSrcset('https://cdn.example.com/mug.webp', '1000x800')).toBeNull();
    expect(fileSrcset('/files/f1/1/mug.webp', undefined)).toBeNull();
  });
});

describe('FILE_MESSAGES.deleteWarning', () => {
  it('says the delete cannot be undone (spec §8, E114)', () => {
    expect(FILE_MESSAGES.deleteWarning('mug.webp')).toBe(
      'Delete mug.webp? Pages that show it will show nothing in its place. This cannot be undone.',
    );
  });
});

describe('FILE_MESSAGES.uploadFailed and renameFailed', () => {
  it("are the spec's texts with their titles (§8, E111)", () => {
    expect(FILE_MESSAGES.uploadFailed).toEqual({
      title: 'Unable to Upload File',
      text: 'There was a problem while uploading your file',
    });
    expect(FILE_MESSAGES.renameFailed).toEqual({
      title: 'Unable to Rename File',
      text: 'There was a problem while renaming your file',
    });
  });
});

describe('FILE_MESSAGES.errorUploading and uploadIncomplete', () => {
  it("are the spec's texts (§8, E110)", () => {
    expect(FILE_MESSAGES.errorUploading).toBe('Error uploading');
    expect(FILE_MESSAGES.uploadIncomplete).toBe('File upload failed to complete');
  });
});

describe('FILE_MESSAGES.tooLarge', () => {
  it("is the spec's text with the maximum size shown (§5, E70)", () => {
    expect(FILE_MESSAGES.tooLarge('huge.png')).toBe('The file huge.png is too large. The maximum size is 20 MB.');
  });
});
