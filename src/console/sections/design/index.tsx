/**
 * Design: the site's colours, fonts and gallery options. Each change is saved as a draft and the
 * store beside it reloads with the draft (`?design-preview`, shown only to merchants, never
 * cached); Publish makes the draft the store's design.
 */
import { useEffect, useRef, useState } from 'react';
import type { Design } from '../../../site/editor/design';
import { api, type DesignAnswer } from '../../../api';
import type { SectionProps } from '../../sections';
import { consoleApi } from '../../ui/api';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { StatusLabel } from '../../ui/StatusLabel';
import { FetchStatus } from '../../ui/Loaded';
import { useFetch } from '../../ui/useFetch';
import { ColourPicker } from './ColourPicker';
import { FontBrowser } from './FontBrowser';
import { GalleryOptionsEditor } from './GalleryOptionsEditor';

const PREVIEW_PAGES = [
  { path: '/', label: 'Home' },
  { path: '/shop', label: 'Shop' },
  { path: '/blog', label: 'Journal' },
] as const;

type Tab = 'colours' | 'fonts' | 'gallery';
const TABS: { id: Tab; label: string }[] = [
  { id: 'colours', label: 'Colours' },
  { id: 'fonts', label: 'Fonts' },
  { id: 'gallery', label: 'Gallery' },
];
const DRAFT_DELAY_MS = 350;

function same(a: Design, b: Design): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export default function DesignSection(_: SectionProps) {
  const fetched = useFetch(api.design.at());
  if (fetched.data !== undefined) return <DesignEditor answer={fetched.data} />;
  return (
    <div className="Page">
      <h1>Design</h1>
      <FetchStatus fetched={fetched} loading="Loading the design…" />
    </div>
  );
}

function DesignEditor({ answer }: { answer: DesignAnswer }) {
  const [published, setPublished] = useState(answer.published);
  const [design, setDesign] = useState<Design>(answer.draft ?? answer.published);
  const [tab, setTab] = useState<Tab>('colours');
  const [previewPath, setPreviewPath] = useState<string>('/');
  const [previewRound, setPreviewRound] = useState(0);
  const draft = useSave();
  const publish = useSave();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ colours: null, fonts: null, gallery: null });

  const change = (next: Design) => {
    setDesign(next);
    publish.reset();
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = null;
      void draft
        .run(() => consoleApi(api.saveDesignDraft.at(), { design: next }))
        .then((saved) => {
          if (saved !== undefined) setPreviewRound((n) => n + 1);
        });
    }, DRAFT_DELAY_MS);
  };
  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
    },
    [],
  );

  const publishDesign = async () => {
    if (pending.current !== null) {
      clearTimeout(pending.current);
      pending.current = null;
    }
    const done = await publish.run(() => consoleApi(api.publishDesign.at(), { design }));
    if (done !== undefined) {
      setPublished(design);
      setPreviewRound((n) => n + 1);
    }
  };
  const discard = async () => {
    if (pending.current !== null) clearTimeout(pending.current);
    const done = await draft.run(() => consoleApi(api.discardDesignDraft.at()));
    if (done !== undefined) {
      setDesign(published);
      setPreviewRound((n) => n + 1);
    }
  };
  const unpublished = !same(design, published);
  const moveTab = (from: Tab, step: number) => {
    const index = (TABS.findIndex((t) => t.id === from) + step + TABS.length) % TABS.length;
    const next = TABS[index]!.id;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="Page DesignPage">
      <Breadcrumbs items={[{ label: 'Home', to: '/config' }, { label: 'Design' }]} />
      <header className="PageHeader">
        <h1>Design</h1>
        <div className="PageHeader-actions">
          {unpublished ? (
            <StatusLabel tone="warning">Unpublished changes</StatusLabel>
          ) : (
            <StatusLabel tone="success">Published</StatusLabel>
          )}
          <button type="button" className="Button" onClick={() => void discard()} disabled={!unpublished}>
            Discard changes
          </button>
          <button
            type="button"
            className="Button Button--primary"
            onClick={() => void publishDesign()}
            disabled={!unpublished || publish.state.status === 'saving'}
          >
            Publish
          </button>
        </div>
      </header>
      <div className="DesignPage-status">
        <SaveStatus state={publish.state.status === 'idle' ? draft.state : publish.state} />
      </div>
      <div className="DesignLayout">
        <div className="DesignLayout-controls Card">
          <div className="Tabs" role="tablist" aria-label="Design">
            {TABS.map((t) => (
              <button
                key={t.id}
                ref={(element) => {
                  tabRefs.current[t.id] = element;
                }}
                type="button"
                role="tab"
                id={`design-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`design-panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                className="Tab"
                onClick={() => setTab(t.id)}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowRight') moveTab(t.id, 1);
                  if (event.key === 'ArrowLeft') moveTab(t.id, -1);
                }}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`design-panel-${tab}`} aria-labelledby={`design-tab-${tab}`} className="DesignPanel">
            {tab === 'colours' &&
              (Object.keys(answer.colourRoles) as (keyof Design['colours'])[]).map((role) => (
                <ColourPicker
                  key={role}
                  label={answer.colourRoles[role].label}
                  value={design.colours[role]}
                  onChange={(colour) => change({ ...design, colours: { ...design.colours, [role]: colour } })}
                />
              ))}
            {tab === 'fonts' &&
              (Object.keys(answer.fontRoles) as (keyof Design['fonts'])[]).map((role) => (
                <FontBrowser
                  key={role}
                  label={answer.fontRoles[role].label}
                  value={design.fonts[role]}
                  onChange={(font) => change({ ...design, fonts: { ...design.fonts, [role]: font } })}
                />
              ))}
            {tab === 'gallery' && (
              <GalleryOptionsEditor value={design.gallery} onChange={(gallery) => change({ ...design, gallery })} />
            )}
          </div>
        </div>
        <section className="DesignLayout-preview Card" aria-labelledby="design-preview-title">
          <div className="DesignPreview-bar">
            <h2 id="design-preview-title">Preview</h2>
            <label className="Field-inline">
              <span>Page</span>
              <select value={previewPath} onChange={(event) => setPreviewPath(event.target.value)}>
                {PREVIEW_PAGES.map((page) => (
                  <option key={page.path} value={page.path}>
                    {page.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <iframe
            className="DesignPreview-frame"
            title="Store preview with your changes"
            src={`${previewPath}?design-preview=${previewRound}`}
          />
        </section>
      </div>
    </div>
  );
}
