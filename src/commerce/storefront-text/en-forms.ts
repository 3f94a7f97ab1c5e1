/**
 * The English texts of the site forms (form and newsletter blocks, SiteForm): the spec's messages word for word, its
 * buttons and thanks. Apart from the page texts (en-page.ts) so only a page with a form loads them (the product page's
 * script budget: test/e2e/islands.test.ts).
 */
export const EN_FORMS = {
  'form.required': 'Required',
  'form.tooLong': 'You have exceeded the character limit.',
  'form.email': 'Email is not valid. Email addresses should follow the format user@domain.com.',
  'form.invalid': 'One or more fields is invalid, please check your entries.',
  'form.captcha': 'Complete CAPTCHA before submitting.',
  'form.number': 'Please enter a valid number.',
  'form.website': 'Please enter a valid URL.',
  'form.phone': 'Please enter a valid phone number.',
  'form.date': 'Please enter a valid date.',
  'form.time': 'Please enter a valid time.',
  'form.topProblem': 'Your form has encountered a problem. Please scroll down to review.',
  'form.bottomProblem': 'Your form has encountered a problem. Please scroll up to review.',
  'form.badKey': 'Unable to submit form. Please try again later.',
  'form.notConfigured': 'This form has not been configured yet.',
  'form.rateLimited': 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  'form.serverFault': 'Unable to send form. Please try again later.',
  'form.unknown': 'Unknown error, please try again later.',
  'form.processing': 'Error processing form submission. Please reload and try again.',
  'form.noKey': 'Could not get a form submission key, please try again later.',
  'form.unparsable': 'Could not parse the form fields, please check your entries.',
  'form.submitting': 'Submitting…',
  'form.submit': 'Submit',
  'form.thanks': 'Thank you!',
  'form.newsletterSubmit': 'Sign up',
  'form.newsletterThanks': 'Thank you for signing up.',
} as const;

export type FormTextKey = keyof typeof EN_FORMS;
export type FormText = Readonly<Record<FormTextKey, string>>;
