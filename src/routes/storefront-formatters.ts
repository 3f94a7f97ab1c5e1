/**
 * Formatters only store pages have: site forms. They render complete, usable HTML without
 * JavaScript; the forms issue turns them into islands.
 */
import { asString as str, childOf as field, escapeHtmlAttribute as escape, type FormatterTable, type RenderContext } from '../engine/index';

function inputFor(formId: string, f: Record<string, unknown>): string {
  const id = `${formId}-${str(f.id)}`;
  const title = escape(str(f.title));
  const required = f.required === true ? ' required aria-required="true"' : '';
  const label = `<label for="${id}">${title}${f.required === true ? ' <span aria-hidden="true">*</span>' : ''}</label>`;
  const options = Array.isArray(f.options) ? (f.options as unknown[]).map(str) : [];
  const name = escape(str(f.id));
  switch (f.type) {
    case 'section':
      return `<h3 class="FormField-section">${title}</h3>`;
    case 'hidden':
      return `<input type="hidden" name="${name}" value="">`;
    case 'textarea':
      return `<div class="FormField">${label}<textarea id="${id}" name="${name}"${required}${typeof f.maxLength === 'number' ? ` maxlength="${f.maxLength}"` : ''}></textarea></div>`;
    case 'select':
      return `<div class="FormField">${label}<select id="${id}" name="${name}"${required}><option value="">Select</option>${options.map((o) => `<option>${escape(o)}</option>`).join('')}</select></div>`;
    case 'radio':
    case 'checkbox':
      return (
        `<fieldset class="FormField"><legend>${title}</legend>` +
        options
          .map((o, i) => `<label><input type="${f.type}" name="${name}" value="${escape(o)}" id="${id}-${i}"> ${escape(o)}</label>`)
          .join('') +
        '</fieldset>'
      );
    case 'likert':
      return (
        `<fieldset class="FormField"><legend>${title}</legend>` +
        options
          .map(
            (q, i) =>
              `<label for="${id}-${i}">${escape(q)}</label><select id="${id}-${i}" name="${name}-${i}">` +
              ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'].map((a, k) => `<option value="${k - 2}">${a}</option>`).join('') +
              '</select>',
          )
          .join('') +
        '</fieldset>'
      );
    default: {
      const types: Record<string, string> = { email: 'email', number: 'number', currency: 'number', website: 'url', password: 'password', date: 'date', time: 'time', phone: 'tel' };
      return `<div class="FormField">${label}<input id="${id}" name="${name}" type="${types[str(f.type)] ?? 'text'}"${required}></div>`;
    }
  }
}

/** A form block's form (or the newsletter sign-up for a newsletter block). */
function siteForm(block: unknown, ctx: RenderContext): string {
  if (field(block, 'type') === 'newsletter') {
    const id = escape(str(field(block, 'id')));
    return (
      `<form class="NewsletterForm" method="post" action="/api/form/SaveFormSubmission" data-form-id="${id}">` +
      `<label for="${id}-email">Email address</label><input id="${id}-email" type="email" name="email" required autocomplete="email">` +
      '<button type="submit">Sign up</button></form>'
    );
  }
  const form = ctx.resolve(['forms', str(field(block, 'formId'))]);
  if (typeof form !== 'object' || form === null) return '';
  const formId = escape(str(field(form, 'id')));
  const fields = field(form, 'fields');
  return (
    `<form class="SiteForm" method="post" action="/api/form/SaveFormSubmission" data-form-id="${formId}" novalidate>` +
    (Array.isArray(fields) ? fields.map((f) => inputFor(formId, f as Record<string, unknown>)).join('') : '') +
    `<button type="submit">${escape(str(field(form, 'submitButtonText')) || 'Submit')}</button></form>`
  );
}

export const STOREFRONT_FORMATTERS: FormatterTable = {
  'site-form': (value, _args, ctx) => siteForm(value, ctx),
};
