/**
 * The editor's store creation (engine spec §7): a product collection, its root category, and
 * optionally a main-navigation link, through the merchant API's calls (src/api/merchant.ts). All or
 * nothing: when a later step fails the collection is deleted again, so no half-made store is left.
 */
import { api, type AnswerOf, type BodyOf, type Call, type LayoutLink } from '../../../api';

/** Sends one call of the contract: its status and its parsed body (null when it had none). */
export type EditorCall = (call: Call, body?: unknown) => Promise<{ status: number; body: unknown }>;

export const NO_MAIN_NAVIGATION = 'Unable to find site main navigation';

export class StoreCreationError extends Error {}

export interface NewStore {
  title: string;
  urlId: string;
  description: string;
  categoryName: string;
  addToNavigation: boolean;
}

type SiteLayout = AnswerOf<typeof api.siteLayout>;

/** The main navigation of a `GetSiteLayout` answer: its first layout entry. */
export function mainNavigationOf(answer: unknown): SiteLayout['layout'][number] {
  const first = (answer as Partial<SiteLayout> | null)?.layout?.[0];
  if (first === undefined) throw new Error(NO_MAIN_NAVIGATION);
  return first;
}

function navigationItem(link: LayoutLink): Record<string, unknown> {
  const base =
    link.collectionId !== undefined
      ? { collectionId: link.collectionId }
      : link.url === undefined
        ? {}
        : /^https?:/.test(link.url)
          ? { externalLink: link.url }
          : { url: link.url };
  return {
    title: link.title,
    ...base,
    ...(link.children === undefined ? {} : { children: link.children.map(navigationItem) }),
  };
}

function failure(step: string, answer: { status: number; body: unknown }): StoreCreationError {
  const message = (answer.body as { error?: unknown } | null)?.error;
  return new StoreCreationError(typeof message === 'string' ? message : `${step} failed (${answer.status})`);
}

export async function createStore(
  call: EditorCall,
  websiteId: string,
  store: NewStore,
): Promise<{ collectionId: string; categoryId: string }> {
  const created = await call(api.addProductCollection.at(websiteId), {
    navigationTitle: store.title,
    title: store.title,
    urlId: store.urlId,
    description: store.description,
    enabled: true,
  } satisfies BodyOf<typeof api.addProductCollection>);
  if (created.status !== 200) throw failure('Creating the store', created);
  const collectionId = (created.body as AnswerOf<typeof api.addProductCollection>).id;
  try {
    const category = await call(api.addCategory.at(websiteId, collectionId), {
      displayName: store.categoryName,
      parentCategoryId: null,
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: 1,
    } satisfies BodyOf<typeof api.addCategory>);
    if (category.status !== 200) throw failure('Creating the category', category);
    if (store.addToNavigation) {
      const layout = await call(api.siteLayout.at());
      if (layout.status !== 200) throw failure('Reading the navigation', layout);
      const navigation = mainNavigationOf(layout.body);
      const items = [...navigation.links.map(navigationItem), { collectionId }];
      const updated = await call(api.updateNavigation.at(), {
        fieldName: navigation.identifier,
        templateId: 'default',
        navigation: { items },
      });
      if (updated.status !== 200) throw failure('Adding the store to the navigation', updated);
    }
    return { collectionId, categoryId: (category.body as AnswerOf<typeof api.addCategory>).id };
  } catch (error) {
    await call(api.removeProductCollection.at(websiteId, collectionId)).catch(() => undefined);
    throw error instanceof StoreCreationError
      ? error
      : new StoreCreationError(error instanceof Error ? error.message : String(error));
  }
}
