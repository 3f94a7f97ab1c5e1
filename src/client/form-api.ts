/**
 * Submitting a site form from the browser (storefront spec §7, §8): a single-use key first, then
 * the submission; every failure becomes the spec's message, and a 400 keeps its errors by field.
 */
import { apiCall } from './api';

export const FORM_CLIENT_MESSAGES = {
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

export class FormSubmitError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

function post(path: string, body: unknown): Promise<Response> {
  return apiCall('POST', path, body);
}

export interface SubmissionPage {
  pageId: string | null;
  pageTitle: string | null;
  pagePath: string | null;
  contentSource: 'i' | 'c' | null;
}

async function submissionKey(): Promise<string> {
  try {
    const res = await post('/api/form/FormSubmissionKey', {});
    if (res.status === 429) throw new FormSubmitError(FORM_CLIENT_MESSAGES.rateLimited);
    const body = (await res.json()) as { key?: unknown };
    if (!res.ok || typeof body.key !== 'string') throw new Error('no key');
    return body.key;
  } catch (error) {
    throw error instanceof FormSubmitError ? error : new FormSubmitError(FORM_CLIENT_MESSAGES.noKey);
  }
}

function failure(status: number, body: { error?: unknown; errors?: unknown } | null): FormSubmitError {
  if (status === 401) return new FormSubmitError(FORM_CLIENT_MESSAGES.badKey);
  if (status === 404) return new FormSubmitError(FORM_CLIENT_MESSAGES.notConfigured);
  if (status === 429) return new FormSubmitError(FORM_CLIENT_MESSAGES.rateLimited);
  if (status >= 500) return new FormSubmitError(FORM_CLIENT_MESSAGES.serverFault);
  const message = typeof body?.error === 'string' ? body.error : FORM_CLIENT_MESSAGES.unknown;
  const errors = status === 400 && typeof body?.errors === 'object' && body.errors !== null ? (body.errors as Record<string, string>) : {};
  return new FormSubmitError(message, errors);
}

export async function submitForm(formId: string, values: unknown, captchaKey: string | null, page: SubmissionPage): Promise<void> {
  const key = await submissionKey();
  let form: string;
  try {
    form = JSON.stringify(values);
  } catch {
    throw new FormSubmitError(FORM_CLIENT_MESSAGES.unparsable);
  }
  let res: Response;
  try {
    res = await post('/api/form/SaveFormSubmission', { key, formId, form, captchaKey, ...page });
  } catch {
    throw new FormSubmitError(FORM_CLIENT_MESSAGES.processing);
  }
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { error?: unknown; errors?: unknown } | null;
  throw failure(res.status, body);
}
