/**
 * What submitting a form can go wrong with (storefront spec §8), in the spec's words: the worker
 * answers with these and the browser shows them, so both import them from here.
 */
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
