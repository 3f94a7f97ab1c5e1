/**
 * Applies one website's merchant edits one at a time: read the published site, apply the edit
 * (src/site/edits.ts), publish the result (validated again; the content version bumps, so store
 * pages show it on the next request), unless it changes code the merchant's roles may not write
 * (src/site/code-injection.ts). Serialising here means two merchants editing at once never
 * overwrite each other's change. It relies on KV reading its own writes in the object's location.
 */
import { DurableObject } from 'cloudflare:workers';
import { changedCodeInjection } from '../site/code-injection';
import * as edits from '../site/edits';
import { allows, ROLE_MESSAGES } from '../site/roles';
import type { SiteInput } from '../site/schema';
import { loadPublished, publishSite } from '../site/store';
import { NO_STORE } from '../http/messages';
import { SerialQueue } from './serial-queue';

export type Edit =
  | { kind: 'addProductCollection'; input: edits.NewProductCollection }
  | { kind: 'removeCollection'; collectionId: string }
  | { kind: 'addCategory'; collectionId: string; input: edits.NewCategory }
  | { kind: 'appendToNavigation'; collectionId: string }
  | { kind: 'updateNavigation'; items: edits.NavigationItem[] }
  | { kind: 'setHeaderFooter'; input: { header: string; footer: string } }
  | { kind: 'setCommercePreferences'; namespace: string; preferences: Record<string, unknown> }
  | { kind: 'setLanguages'; languages: string[] }
  | { kind: 'disconnectMultilingual' };

export type EditOutcome = { ok: true; value: edits.EditValue; version: number | null } | { ok: false; status: 400 | 403 | 404; error: string };

function apply(site: SiteInput, edit: Edit): edits.EditResult {
  switch (edit.kind) {
    case 'addProductCollection':
      return edits.addProductCollection(site, edit.input);
    case 'removeCollection':
      return edits.removeCollection(site, edit.collectionId);
    case 'addCategory':
      return edits.addCategory(site, edit.collectionId, edit.input);
    case 'appendToNavigation':
      return edits.appendToNavigation(site, edit.collectionId);
    case 'updateNavigation':
      return edits.updateNavigation(site, edit.items);
    case 'setHeaderFooter':
      return edits.setHeaderFooter(site, edit.input);
    case 'setCommercePreferences':
      return edits.setCommercePreferences(site, edit.namespace, edit.preferences);
    case 'setLanguages':
      return edits.setLanguages(site, edit.languages);
    case 'disconnectMultilingual':
      return edits.disconnectMultilingual(site);
  }
}

export class SiteEditor extends DurableObject<Env> {
  private readonly queue = new SerialQueue();

  /** `roles` are the editing merchant's: an edit that changes code-injection fields needs that permission. */
  edit(websiteId: string, edit: Edit, roles: readonly number[]): Promise<EditOutcome> {
    return this.queue.run(async (): Promise<EditOutcome> => {
      const current = await loadPublished(this.env.SITE_CONTENT, websiteId);
      if (current === null) return { ok: false, status: 404, error: NO_STORE };
      const result = apply(current.site, edit);
      if ('error' in result) return { ok: false, status: result.status ?? 400, error: result.error };
      if (result.site === current.site) return { ok: true, value: result.value, version: null };
      if (changedCodeInjection(current.site, result.site).length > 0 && !allows(roles, 'codeInjection')) {
        return { ok: false, status: 403, error: ROLE_MESSAGES.codeInjection };
      }
      const published = await publishSite(this.env.SITE_CONTENT, result.site);
      if ('error' in published) return { ok: false, status: 400, error: published.error };
      return { ok: true, value: result.value, version: published.version };
    });
  }
}
