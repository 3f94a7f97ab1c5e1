/** Items of a loaded site by id, indexed once per site object. */
import type { Item, Site } from './schema';

const indexes = new WeakMap<Site, Map<string, Item>>();

export function itemById(site: Site, id: string): Item | undefined {
  let index = indexes.get(site);
  if (index === undefined) {
    index = new Map(site.items.map((item) => [item.id, item]));
    indexes.set(site, index);
  }
  return index.get(id);
}
