/** A loaded site's forms by id, indexed once per site object (items are looked up in src/site/catalog.ts). */
import { CAPTCHA_ACTIONS, type CaptchaAction } from '../forms/captcha';
import { newsletterFields, type FormField } from '../forms/validate';
import type { Site } from './schema';

/** A form visitors can submit: a form block's form, or a newsletter sign-up (block or promo popup). */
export interface SiteForm {
  id: string;
  kind: 'form' | 'newsletter';
  fields: FormField[];
  captchaAction: CaptchaAction;
}

const formIndexes = new WeakMap<Site, Map<string, SiteForm>>();

export function siteFormById(site: Site, id: string): SiteForm | undefined {
  let index = formIndexes.get(site);
  if (index === undefined) {
    index = new Map();
    for (const form of site.forms) index.set(form.id, { id: form.id, kind: 'form', fields: form.fields, captchaAction: CAPTCHA_ACTIONS.formBlock });
    for (const collection of site.collections) {
      for (const block of collection.blocks ?? []) {
        if (block.type === 'newsletter') index.set(block.id, { id: block.id, kind: 'newsletter', fields: newsletterFields(), captchaAction: CAPTCHA_ACTIONS.newsletterBlock });
      }
    }
    if (site.promoPopup !== undefined) {
      index.set(site.promoPopup.id, { id: site.promoPopup.id, kind: 'newsletter', fields: newsletterFields(), captchaAction: CAPTCHA_ACTIONS.promoPopup });
    }
    formIndexes.set(site, index);
  }
  return index.get(id);
}
