/**
 * A new store (engine spec §4): its product collection, its first category and, when asked, a link
 * in the main navigation, through the existing all-or-nothing `createStore`: a failure at any step
 * takes the new collection away again.
 */
import { useState, type FormEvent } from 'react';
import { apiCall } from '../../../client/api';
import { slugOf } from '../../../site/editor/product-form';
import { createStore, StoreCreationError, type EditorCall } from './store-creation';
import { API_MESSAGES } from '../../ui/api';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { FieldError } from '../../ui/FieldError';
import { SaveStatus, type SaveState } from '../../ui/SaveStatus';
import { CATALOG_ROOT } from './shared';

const editorCall: EditorCall = async ({ method, path }, body) => {
  const res = await apiCall(method, path, body ?? (method === 'GET' ? undefined : {}));
  return { status: res.status, body: await res.json().catch(() => null) };
};

export function StoreCreation({ websiteId, navigate }: { websiteId: string; navigate: (to: string) => void }) {
  const [title, setTitle] = useState('');
  const [urlId, setUrlId] = useState('');
  const [description, setDescription] = useState('');
  const [categoryName, setCategoryName] = useState('');
  const [addToNavigation, setAddToNavigation] = useState(true);
  const [state, setState] = useState<SaveState>({ status: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ status: 'saving' });
    try {
      const { collectionId } = await createStore(editorCall, websiteId, {
        title,
        urlId: urlId === '' ? slugOf(title) : urlId,
        description,
        categoryName,
        addToNavigation,
      });
      setState({ status: 'saved' });
      navigate(`${CATALOG_ROOT}?collection=${encodeURIComponent(collectionId)}`);
    } catch (error) {
      setState({
        status: 'error',
        message: error instanceof StoreCreationError ? error.message : API_MESSAGES.network,
      });
    }
  };

  return (
    <form className="Page Page--narrow" onSubmit={(event) => void submit(event)}>
      <Breadcrumbs items={[{ label: 'Catalogue', to: CATALOG_ROOT }, { label: 'New store' }]} />
      <header className="PageHeader">
        <h1>New store</h1>
      </header>
      <section className="Card">
        <div className="Field">
          <label htmlFor="store-title">Title</label>
          <input
            id="store-title"
            type="text"
            maxLength={100}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div className="Field">
          <label htmlFor="store-url">URL slug</label>
          <input
            id="store-url"
            type="text"
            maxLength={100}
            value={urlId}
            placeholder={slugOf(title)}
            onChange={(event) => setUrlId(event.target.value)}
          />
          <p className="Field-hint">The store's address: /{urlId === '' ? slugOf(title) || 'shop' : urlId}</p>
        </div>
        <div className="Field">
          <label htmlFor="store-description">Description</label>
          <textarea
            id="store-description"
            maxLength={5000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="Field">
          <label htmlFor="store-category">First category</label>
          <input
            id="store-category"
            type="text"
            maxLength={40}
            value={categoryName}
            onChange={(event) => setCategoryName(event.target.value)}
          />
        </div>
        <label className="Field-inline">
          <input
            type="checkbox"
            checked={addToNavigation}
            onChange={(event) => setAddToNavigation(event.target.checked)}
          />
          Add a link to it in the main navigation
        </label>
        <FieldError id="store-error" message={state.status === 'error' ? state.message : undefined} announce />
      </section>
      <div className="SaveBar">
        <SaveStatus state={state.status === 'error' ? { status: 'idle' } : state} />
        <button type="submit" className="Button Button--primary" disabled={state.status === 'saving'}>
          Create store
        </button>
      </div>
    </form>
  );
}
