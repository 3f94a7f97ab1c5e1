/**
 * The English texts of the site forms (form and newsletter blocks, SiteForm): the spec's messages, as src/forms/messages.ts
 * defines them for the field rules and the form routes, its buttons and thanks. Apart from the page texts (en-page.ts) so
 * only a page with a form loads them (the product page's script budget: test/e2e/islands.test.ts).
 */
import { FORM_MESSAGES, FORM_SUBMIT_MESSAGES } from '../../forms/messages';

export const EN_FORMS = {
  'form.required': FORM_MESSAGES.required,
  'form.tooLong': FORM_MESSAGES.tooLong,
  'form.email': FORM_MESSAGES.email,
  'form.invalid': FORM_MESSAGES.formInvalid,
  'form.captcha': FORM_MESSAGES.captcha,
  'form.number': FORM_MESSAGES.number,
  'form.website': FORM_MESSAGES.website,
  'form.phone': FORM_MESSAGES.phone,
  'form.date': FORM_MESSAGES.date,
  'form.time': FORM_MESSAGES.time,
  'form.topProblem': FORM_SUBMIT_MESSAGES.topProblem,
  'form.bottomProblem': FORM_SUBMIT_MESSAGES.bottomProblem,
  'form.badKey': FORM_SUBMIT_MESSAGES.badKey,
  'form.notConfigured': FORM_SUBMIT_MESSAGES.notConfigured,
  'form.rateLimited': FORM_SUBMIT_MESSAGES.rateLimited,
  'form.serverFault': FORM_SUBMIT_MESSAGES.serverFault,
  'form.unknown': FORM_SUBMIT_MESSAGES.unknown,
  'form.processing': FORM_SUBMIT_MESSAGES.processing,
  'form.noKey': FORM_SUBMIT_MESSAGES.noKey,
  'form.unparsable': FORM_SUBMIT_MESSAGES.unparsable,
  'form.submitting': 'Submitting…',
  'form.submit': 'Submit',
  'form.thanks': 'Thank you!',
  'form.newsletterSubmit': 'Sign up',
  'form.newsletterThanks': 'Thank you for signing up.',
  'form.contactName': 'Name',
  'form.contactEmail': 'Email',
  'form.contactPhone': 'Phone',
  'form.contactSubject': 'Subject',
  'form.contactMessage': 'Message',
  'form.contactSend': 'Send message',
  'form.contactThanks': 'Thanks for your message. We will reply within two working days.',
} as const;

export type FormTextKey = keyof typeof EN_FORMS;
export type FormText = Readonly<Record<FormTextKey, string>>;
