/**
 * The form messages in the spec's words, each defined once: what a field's value can get (storefront spec §3, §5; the
 * field rules in validate.ts give them) and what submitting a form can go wrong with (§8). The worker answers with them,
 * the browser shows them, and the storefront catalogue's English form texts are these (storefront-text/en-forms.ts), so
 * a page in another language says them in its own with `sayIn`.
 */
export const FORM_MESSAGES = {
  required: 'Required',
  tooLong: 'You have exceeded the character limit.',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  formInvalid: 'One or more fields is invalid, please check your entries.',
  captcha: 'Complete CAPTCHA before submitting.',
  number: 'Please enter a valid number.',
  website: 'Please enter a valid URL.',
  phone: 'Please enter a valid phone number.',
  twitter: 'Please enter a valid Twitter handle.',
  date: 'Please enter a valid date.',
  time: 'Please enter a valid time.',
  invalid: 'This value is not valid.',
  notAnOption: (value: string) => `${value} is not one of the expected options`,
} as const;

export const FORM_SUBMIT_MESSAGES = {
  badKey: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverFault: 'Unable to send form. Please try again later.',
  unknown: 'Unknown error, please try again later.',
  processing: 'Error processing form submission. Please reload and try again.',
  noKey: 'Could not get a form submission key, please try again later.',
  unparsable: 'Could not parse the form fields, please check your entries.',
  topProblem: 'Your form has encountered a problem. Please scroll down to review.',
  bottomProblem: 'Your form has encountered a problem. Please scroll up to review.',
} as const;
