/**
 * One post: title, body (rich text), excerpt, main image, tags and categories, status and publish
 * date, its search engine listing (the products' SeoPanel: SEO title and description, URL slug). Saving sends the whole post; the worker sanitizes it and the storefront shows it as its
 * status says (published now, scheduled from its publish date, the rest never).
 */
import { useState } from 'react';
import { api, type StoredPost } from '../../../api';
import type { ContentStatus } from '../../../site/editor/content-status';
import { NAME_LIMITS } from '../../../site/editor/tag-manager';
import type { ConsoleSession } from '../../section-types';
import { consoleApi, Field, StatusLabel } from '../../ui';
import { EditorFrame, useEditor } from '../../ui/EditorFrame';
import { PicturesEditor, type PickedImage } from '../../ui/PicturesEditor';
import { guardLeaving } from '../../router';
import { RichTextEditor } from './RichTextEditor';
import { localDateTime, statusLabel, type Blog } from './status';
import { PublishingCards } from './PublishingCards';

interface Draft {
  title: string;
  urlId: string;
  body: string;
  excerpt: string;
  tags: string;
  categories: string;
  status: ContentStatus;
  publishOn: string;
  /** The main picture, none or one. */
  pictures: PickedImage[];
  seoTitle: string;
  seoDescription: string;
}

const blank = (): Draft => ({
  title: '',
  urlId: '',
  body: '',
  excerpt: '',
  tags: '',
  categories: '',
  status: 'draft',
  publishOn: localDateTime(Date.now()),
  pictures: [],
  seoTitle: '',
  seoDescription: '',
});

/** The excerpt is edited as plain text and stored as one paragraph. */
const excerptText = (html: string | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const excerptHtml = (text: string) =>
  text.trim() === '' ? '' : `<p>${text.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;
/** The post's main picture as the post calls take it: its address, measured size and alt text, or none. */
const pictureFields = (picture: PickedImage | undefined) =>
  picture === undefined
    ? { assetUrl: null }
    : {
        assetUrl: picture.assetUrl,
        ...(/^\d+x\d+$/.test(picture.originalSize) ? { originalSize: picture.originalSize } : {}),
        altText: picture.altText.trim(),
      };
const list = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
];

function draftOf(post: StoredPost): Draft {
  return {
    title: post.title,
    urlId: post.urlId,
    body: post.body ?? '',
    excerpt: excerptText(post.excerpt),
    tags: post.tags.join(', '),
    categories: post.categories.join(', '),
    status: post.status ?? 'published',
    publishOn: localDateTime(post.addedOn ?? Date.now()),
    pictures:
      post.assetUrl === undefined || post.assetUrl === ''
        ? []
        : [{ assetUrl: post.assetUrl, originalSize: post.originalSize ?? '', altText: post.altText ?? '' }],
    seoTitle: post.seoTitle ?? '',
    seoDescription: post.seoDescription ?? '',
  };
}

export function PostEditor({
  session,
  stored,
  blog,
  navigate,
}: {
  session: ConsoleSession;
  /** The post as loaded, or null for a new one. */
  stored: StoredPost | null;
  blog: Blog;
  navigate: (to: string) => void;
}) {
  const editor = useEditor<Draft>(() => (stored === null ? blank() : draftOf(stored)));
  const { draft, setDraft, set, field, save, confirm } = editor;
  const [saved, setSaved] = useState<StoredPost | null>(stored);
  const canEdit = session.can.content;

  const submit = async () => {
    const publishOn = new Date(draft.publishOn).getTime();
    const body = {
      title: draft.title,
      ...(draft.urlId.trim() === '' ? {} : { urlId: draft.urlId.trim() }),
      body: draft.body,
      excerpt: excerptHtml(draft.excerpt),
      tags: list(draft.tags),
      categories: list(draft.categories),
      status: draft.status,
      publishOn: Number.isFinite(publishOn) ? publishOn : Date.now(),
      ...pictureFields(draft.pictures[0]),
      seoTitle: draft.seoTitle,
      seoDescription: draft.seoDescription,
    };
    const stored = await save.run(() =>
      saved === null
        ? consoleApi(api.addPost.at(), { ...body, collectionId: blog.id })
        : consoleApi(api.savePost.at(saved.id), body),
    );
    if (stored === undefined) return;
    setSaved(stored);
    editor.start(draftOf(stored));
    if (saved === null) history.replaceState(null, '', `/config/posts/${stored.id}`);
  };

  const remove = async () => {
    if (saved === null) return;
    if (
      !(await confirm({
        title: 'Delete post',
        message: `Delete “${saved.title}”? It will be gone from the blog.`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    const done = await save.run(() => consoleApi(api.removePost.at(saved.id)));
    if (done === undefined) return;
    guardLeaving(null);
    navigate('/config/posts');
  };

  const label = saved === null ? null : statusLabel(saved.status ?? 'published', saved.addedOn ?? 0);
  return (
    <EditorFrame
      editor={editor}
      crumbs={[{ label: 'Blog posts', to: '/config/posts' }, { label: saved?.title ?? 'New post' }]}
      title={saved?.title ?? 'New post'}
      actions={
        <>
          {label !== null && <StatusLabel tone={label.tone}>{label.text}</StatusLabel>}
          {saved !== null && (
            <a className="Button Button--plain" href={saved.fullUrl} target="_blank" rel="noreferrer">
              View on site
            </a>
          )}
        </>
      }
      narrow
      browserChecks
      canEdit={canEdit}
      onSubmit={() => void submit()}
      main={
        <>
          <div className="Card">
            <Field id="post-title" label="Title" error={field('title')}>
              {(control) => (
                <input
                  {...control}
                  value={draft.title}
                  onChange={(event) => set('title', event.target.value)}
                  maxLength={200}
                  required
                />
              )}
            </Field>
            <RichTextEditor
              id="post-body"
              label="Body"
              value={draft.body}
              onChange={(html) => set('body', html)}
              session={session}
            />
          </div>
          <div className="Card">
            <div className="Field">
              <label htmlFor="post-excerpt">Excerpt</label>
              <textarea
                id="post-excerpt"
                rows={3}
                value={draft.excerpt}
                onChange={(event) => set('excerpt', event.target.value)}
                maxLength={1000}
              />
              <p className="Field-hint">Shown in the blog list and in search results.</p>
            </div>
          </div>
        </>
      }
      side={
        <>
          <PublishingCards
            id="post"
            what="posts"
            draft={draft}
            seo={draft}
            path={`${blog.fullUrl}/`}
            problem={field}
            onChange={(change) => setDraft((before) => ({ ...before, ...change }))}
          />
          <div className="Card">
            <Field
              id="post-tags"
              label="Tags"
              description={`Separated by commas; at most ${NAME_LIMITS.tag} characters each.`}
              error={field('tags.0')}
            >
              {(control) => (
                <input {...control} value={draft.tags} onChange={(event) => set('tags', event.target.value)} />
              )}
            </Field>
            <Field
              id="post-categories"
              label="Categories"
              description={`Separated by commas; at most ${NAME_LIMITS.category} characters each.`}
            >
              {(control) => (
                <input
                  {...control}
                  value={draft.categories}
                  onChange={(event) => set('categories', event.target.value)}
                />
              )}
            </Field>
          </div>
          <section className="Card" aria-labelledby="post-picture-title">
            <h2 id="post-picture-title">Main picture</h2>
            <PicturesEditor
              id="post-picture"
              pictures={draft.pictures}
              max={1}
              canUpload={session.can.content}
              problem={(name) => (name === 'images.0' ? field('assetUrl') : undefined)}
              onChange={(change) => setDraft((before) => ({ ...before, pictures: change(before.pictures) }))}
            />
          </section>
        </>
      }
      buttons={
        saved !== null && (
          <button type="button" className="Button Button--plain" onClick={() => void remove()} disabled={!canEdit}>
            Delete post
          </button>
        )
      }
    />
  );
}
