/** A loaded site's forms by id, indexed once per site object (items are looked up in src/site/published/catalog.ts). */
import { CAPTCHA_ACTIONS, type CaptchaAction } from '../../forms/captcha';
import { fieldsUnderFlags, newsletterFields, type FormField } from '../../forms/validate';
import type { Site } from './schema';

/** A form visitors can submit: a form block's form, or a newsletter sign-up (block or promo popup). */
export interface SiteForm {
  id: string;
  /** What the merchant calls it: the form's name, or where the newsletter sign-up is. */
  name: string;
  kind: 'form' | 'newsletter';
  fields: FormField[];
  captchaAction: CaptchaAction;
  /** Where a form sends the visitor after a submission ('' for its message; a newsletter sign-up has none). */
  successRedirectUrl: string;
}

const formIndexes = new WeakMap<Site, Map<string, SiteForm>>();

function formIndex(site: Site): Map<string, SiteForm> {
  let index = formIndexes.get(site);
  if (index === undefined) {
    index = new Map();
    for (const form of site.forms) {
      const fields = fieldsUnderFlags(form.fields, site.website.formFieldMaxLength);
      index.set(form.id, {
        id: form.id,
        name: form.name,
        kind: 'form',
        fields,
        captchaAction: CAPTCHA_ACTIONS.formBlock,
        successRedirectUrl: form.successRedirectUrl ?? '',
      });
    }
    for (const collection of site.collections) {
      for (const block of collection.blocks ?? []) {
        if (block.type === 'newsletter')
          index.set(block.id, {
            id: block.id,
            name: `Newsletter on ${collection.title}`,
            kind: 'newsletter',
            fields: newsletterFields(),
            captchaAction: CAPTCHA_ACTIONS.newsletterBlock,
            successRedirectUrl: '',
          });
      }
    }
    if (site.promoPopup !== undefined) {
      index.set(site.promoPopup.id, {
        id: site.promoPopup.id,
        name: `Popup: ${site.promoPopup.title}`,
        kind: 'newsletter',
        fields: newsletterFields(),
        captchaAction: CAPTCHA_ACTIONS.promoPopup,
        successRedirectUrl: '',
      });
    }
    formIndexes.set(site, index);
  }
  return index;
}

export function siteFormById(site: Site, id: string): SiteForm | undefined {
  return formIndex(site).get(id);
}

/** Every form visitors can submit on the site, forms first, then newsletter sign-ups. */
export function siteForms(site: Site): SiteForm[] {
  return [...formIndex(site).values()];
}
