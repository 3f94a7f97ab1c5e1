/**
 * The cards a page and a post share beside their text: the status and publish date (StatusFields), and the
 * search engine listing (the products' SeoPanel: SEO title and description, URL slug).
 */
import type { ContentStatus } from '../../../site/editor/content-status';
import { type SeoFields, SeoPanel } from '../products/SeoPanel';
import { StatusFields } from './StatusFields';

type Listing = Pick<SeoFields, 'urlId' | 'seoTitle' | 'seoDescription'>;

export function PublishingCards<Draft extends Listing & { status: ContentStatus; publishOn: string }>({
  id,
  what,
  draft,
  seo,
  path,
  slugHint,
  problem,
  onChange,
}: {
  /** The editor's name ('page', 'post'): the fields' ids start with it. */
  id: string;
  what: 'posts' | 'pages';
  draft: Draft;
  /** What the listing's preview shows: the draft's title and excerpt beside its listing fields. */
  seo: SeoFields;
  path: string;
  slugHint?: string;
  problem: (field: string) => string | undefined;
  onChange: (change: Partial<Draft>) => void;
}) {
  return (
    <>
      <div className="Card">
        <StatusFields
          id={id}
          status={draft.status}
          publishOn={draft.publishOn}
          onStatus={(status) => onChange({ status } as Partial<Draft>)}
          onPublishOn={(publishOn) => onChange({ publishOn } as Partial<Draft>)}
          what={what}
        />
      </div>
      <section className="Card" aria-labelledby={`${id}-seo-heading`}>
        <h2 id={`${id}-seo-heading`}>Search engine listing</h2>
        <SeoPanel
          id={id}
          fields={seo}
          path={path}
          {...(slugHint === undefined ? {} : { slugHint })}
          problem={problem}
          onChange={(change) => onChange(change as Partial<Draft>)}
        />
      </section>
    </>
  );
}
