/**
 * The catalogue section: /config/catalog (a product collection's tags and categories, managed) and
 * /config/catalog/new-store (store creation).
 */
import type { TagType } from '../../../site/editor/tag-manager';
import { replaceLocation, useLocation } from '../../router';
import type { SectionProps } from '../../section-types';
import { Link } from '../../ui/Link';
import { FetchStatus, LIST_FAILED } from '../../ui/Loaded';
import { api } from '../../../api';
import { useFetch } from '../../ui/useFetch';
import { NamesManager } from './NamesManager';
import { CATALOG_ROOT } from './shared';
import { StoreCreation } from './StoreCreation';

export default function Catalog({ session, path, navigate }: SectionProps) {
  const { search } = useLocation();
  const context = useFetch(api.catalogContext.at());
  if (path[0] === 'new-store') return <StoreCreation websiteId={session.websiteId} navigate={navigate} />;
  const params = new URLSearchParams(search);
  const collections = context.data?.collections ?? [];
  const collectionId = params.get('collection') ?? collections[0]?.id ?? null;
  const tagType: TagType = params.get('type') === 'category' ? 'category' : 'tag';
  const go = (change: Record<string, string>) =>
    replaceLocation(
      `${CATALOG_ROOT}?${new URLSearchParams({ ...(collectionId === null ? {} : { collection: collectionId }), type: tagType, ...change })}`,
    );
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Catalogue</h1>
        <div className="PageHeader-actions">
          <Link className="Button Button--primary" to={`${CATALOG_ROOT}/new-store`}>
            New store
          </Link>
        </div>
      </header>
      <FetchStatus fetched={context} failed={LIST_FAILED.collections} />
      <section className="Card" aria-labelledby="names-title">
        <h2 id="names-title">Tags and categories</h2>
        <div className="Toolbar">
          <div className="Field">
            <label htmlFor="catalog-collection">Store</label>
            <select
              id="catalog-collection"
              value={collectionId ?? ''}
              onChange={(event) => go({ collection: event.target.value })}
            >
              {collections.map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.title}
                </option>
              ))}
            </select>
          </div>
          <div className="Segmented" role="group" aria-label="Manage">
            {(['tag', 'category'] as const).map((type) => (
              <button
                key={type}
                type="button"
                className={tagType === type ? 'Button is-active' : 'Button'}
                aria-pressed={tagType === type}
                onClick={() => go({ type })}
              >
                {type === 'tag' ? 'Tags' : 'Categories'}
              </button>
            ))}
          </div>
        </div>
        {collectionId !== null && (
          <NamesManager key={`${collectionId}-${tagType}`} collectionId={collectionId} tagType={tagType} />
        )}
      </section>
    </div>
  );
}
