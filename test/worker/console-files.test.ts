/**
 * The file manager's calls in workerd against Miniflare's R2: each call by role, the spec's
 * messages for unsupported and too-large files and empty names, paging, rename, replace and delete,
 * and `/files/...` served immutable with width variants and redirects from old addresses.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import { MAX_FILE_BYTES, type StoredFile } from '../../src/site/editor/files';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';

const [OWNER, STORE, EDITOR, VIEWER] = DEMO_MERCHANTS;

/** A minimal PNG signature and some bytes: what the worker checks a .png starts with. */
function png(size = 64, fill = 1): Uint8Array {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

function webp(size = 32): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  bytes.set(new TextEncoder().encode('WEBP'), 8);
  return bytes;
}

async function upload(
  who: Visitor,
  name: string,
  body: BodyInit,
  method = 'POST',
  path = '/api/console/files',
): Promise<{ status: number; body: StoredFile & { error?: string } }> {
  const res = await who.fetch(`${path}?name=${encodeURIComponent(name)}`, {
    method,
    headers: { 'x-csrf-token': who.crumb, 'content-type': 'application/octet-stream' },
    body,
  });
  return { status: res.status, body: (await res.json()) as StoredFile & { error?: string } };
}

describe('console files', () => {
  it("answers each call by role: listing with read, uploads with content or commerce (a product's pictures), other changes with content, 401 without a session", async () => {
    const [anonymous, owner, store, editor, viewer] = await Promise.all([
      signedIn(undefined),
      signedIn(OWNER),
      signedIn(STORE),
      signedIn(EDITOR),
      signedIn(VIEWER),
    ]);
    expect((await anonymous.json('GET', '/api/console/files')).status).toBe(401);
    for (const who of [owner, store, editor, viewer])
      expect((await who.json('GET', '/api/console/files')).status).toBe(200);
    expect((await upload(anonymous, 'a.png', png())).status).toBe(401);
    expect((await upload(viewer, 'a.png', png())).status).toBe(403);
    // A store manager edits products, so adds their pictures from the product editor (and its narrower copies).
    const picture = await upload(store, 'picture.png', png());
    expect(picture.status).toBe(201);
    expect(
      (
        await store.fetch(`/api/console/files/${picture.body.id}/${picture.body.rev}/w300`, {
          method: 'PUT',
          headers: { 'X-CSRF-Token': store.crumb, 'content-type': 'image/webp' },
          body: webp(),
        })
      ).status,
    ).toBe(200);
    const mine = await upload(editor, 'a.png', png());
    expect(mine.status).toBe(201);
    for (const who of [store, viewer]) {
      expect((await who.json('PATCH', `/api/console/files/${mine.body.id}`, { name: 'b.png' })).status).toBe(403);
      expect((await upload(who, 'c.png', png(), 'PUT', `/api/console/files/${mine.body.id}`)).status).toBe(403);
      expect((await who.json('DELETE', `/api/console/files/${mine.body.id}`)).status).toBe(403);
    }
    const noCrumb = await owner.fetch('/api/console/files?name=a.png', { method: 'POST', body: png() });
    expect(noCrumb.status).toBe(403);
    expect((await owner.json('DELETE', `/api/console/files/${mine.body.id}`)).status).toBe(200);
  });

  it('refuses unsupported, disguised, empty and too-large files and blank names with the spec’s messages', async () => {
    const owner = await signedIn(OWNER);
    expect(await upload(owner, 'page.html', '<script>alert(1)</script>')).toEqual({
      status: 415,
      body: { error: 'The file page.html does not appear to be a supported file' },
    });
    expect(await upload(owner, 'logo.svg', '<svg/>')).toEqual({
      status: 415,
      body: { error: 'The file logo.svg does not appear to be a supported file' },
    });
    expect(await upload(owner, 'photo.png', 'not a picture')).toEqual({
      status: 415,
      body: { error: 'The file photo.png does not appear to be a supported file' },
    });
    expect(await upload(owner, 'empty.txt', '')).toEqual({
      status: 415,
      body: { error: 'The file empty.txt does not appear to be a supported file' },
    });
    expect(await upload(owner, 'huge.png', png(MAX_FILE_BYTES + 1))).toEqual({
      status: 413,
      body: { error: 'The file huge.png is too large. The maximum size is 20 MB.' },
    });
    expect(await upload(owner, '   ', png())).toEqual({ status: 400, body: { error: 'Please enter a file name' } });
    const kept = await upload(owner, 'kept.png', png());
    expect(await owner.json('PATCH', `/api/console/files/${kept.body.id}`, { name: ' ' })).toEqual({
      status: 400,
      body: { error: 'Please enter a file name' },
    });
    expect(await owner.json('PATCH', `/api/console/files/${kept.body.id}`, { name: 'kept.html' })).toEqual({
      status: 400,
      body: { error: 'The file kept.html does not appear to be a supported file' },
    });
    expect((await owner.json('PATCH', '/api/console/files/zzzzzzzzzzz00000000', { name: 'x.png' })).status).toBe(404);
  });

  it('pages newest first with a cursor, and renames, replaces and deletes', async () => {
    const owner = await signedIn(OWNER);
    const made: StoredFile[] = [];
    for (let i = 0; i < 32; i++) made.push((await upload(owner, `note-${i}.txt`, `note ${i}`)).body);
    const first = await owner.json<{ files: StoredFile[]; cursor: string | null }>('GET', '/api/console/files');
    expect(first.body.files).toHaveLength(30);
    expect(first.body.files[0]).toMatchObject({ name: 'note-31.txt', type: 'text/plain', size: 7, rev: 1 });
    expect(first.body.cursor).not.toBeNull();
    const second = await owner.json<{ files: StoredFile[]; cursor: string | null }>(
      'GET',
      `/api/console/files?cursor=${encodeURIComponent(first.body.cursor ?? '')}`,
    );
    const seen = new Set([...first.body.files, ...second.body.files].map((file) => file.id));
    for (const file of made) expect(seen.has(file.id)).toBe(true);

    const note = made[0] as StoredFile;
    const renamed = await owner.json<StoredFile>('PATCH', `/api/console/files/${note.id}`, { name: 'Shop hours.txt' });
    expect(renamed.body).toMatchObject({
      id: note.id,
      name: 'Shop hours.txt',
      rev: 1,
      url: `/files/${note.id}/1/Shop-hours.txt`,
    });
    expect(await (await new Visitor().fetch(renamed.body.url)).text()).toBe('note 0');
    const old = await new Visitor().fetch(note.url, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(renamed.body.url);

    const replaced = await upload(owner, 'hours.txt', 'open daily', 'PUT', `/api/console/files/${note.id}`);
    expect(replaced.body).toMatchObject({ id: note.id, name: 'hours.txt', rev: 2, size: 10 });
    expect(await (await new Visitor().fetch(replaced.body.url)).text()).toBe('open daily');
    expect((await new Visitor().fetch(renamed.body.url, { redirect: 'manual' })).headers.get('location')).toBe(
      replaced.body.url,
    );

    expect(await owner.json('DELETE', `/api/console/files/${note.id}`)).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await new Visitor().fetch(replaced.body.url)).status).toBe(404);
    expect((await owner.json('DELETE', `/api/console/files/${note.id}`)).status).toBe(404);
  });

  it('serves files immutable, with the width variants the browser made and the original otherwise', async () => {
    const owner = await signedIn(OWNER);
    const image = (await upload(owner, 'Studio shelf.png', png(2000, 7))).body;
    const served = await new Visitor().fetch(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect((await served.arrayBuffer()).byteLength).toBe(2000);
    const etag = served.headers.get('etag') ?? '';
    expect((await new Visitor().fetch(image.url, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // No variant yet: ?w= serves the original.
    expect((await (await new Visitor().fetch(`${image.url}?w=300`)).arrayBuffer()).byteLength).toBe(2000);
    const put = (width: string, body: Uint8Array, rev = image.rev, type = 'image/webp') =>
      owner.fetch(`/api/console/files/${image.id}/${rev}/${width}`, {
        method: 'PUT',
        headers: { 'x-csrf-token': owner.crumb, 'content-type': type },
        body,
      });
    expect((await put('w300', webp())).status).toBe(200);
    expect((await put('w301', webp())).status).toBe(400);
    expect((await put('w750', png(), image.rev, 'image/webp')).status).toBe(415);
    expect((await put('w750', webp(), image.rev + 1)).status).toBe(409);
    const small = await new Visitor().fetch(`${image.url}?w=300`);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect((await small.arrayBuffer()).byteLength).toBe(32);
    expect((await (await new Visitor().fetch(`${image.url}?w=123`)).arrayBuffer()).byteLength).toBe(2000);

    // A replace drops the old widths: the new image is served until its own are made.
    const replaced = (await upload(owner, 'shelf.png', png(1000, 9), 'PUT', `/api/console/files/${image.id}`)).body;
    expect((await (await new Visitor().fetch(`${replaced.url}?w=300`)).arrayBuffer()).byteLength).toBe(1000);
    const moved = await new Visitor().fetch(`${image.url}?w=300`, { redirect: 'manual' });
    expect(moved.headers.get('location')).toBe(`${replaced.url}?w=300`);
    expect((await new Visitor().fetch('/files/zzzzzzzzzzz00000000/1/x.png')).status).toBe(404);
  });
});
