/**
 * Submitting a site form from the browser (storefront spec §7, §8): a single-use key first, then
 * the submission; every failure becomes the spec's message, and a 400 keeps its errors by field.
 */
import { FORM_SUBMIT_MESSAGES } from '../forms/messages';
import { storefrontRoutes as api } from '../api/storefront';
import type { AnswerOf, Call } from '../api/route';
import { apiCall } from './api';
import { pageLanguage } from './visitor-language';

export class FormSubmitError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A POST of the contract, sent its route's body type. */
function post<Body>({ method, path }: Call<unknown, Body>, body: NoInfer<Body>): Promise<Response> {
  return apiCall(method, path, body);
}

export interface SubmissionPage {
  pageId: string | null;
  pageTitle: string | null;
  pagePath: string | null;
  contentSource: 'i' | 'c' | null;
}

async function submissionKey(): Promise<string> {
  try {
    const res = await post(api.formSubmissionKey.at(), {});
    if (res.status === 429) throw new FormSubmitError(FORM_SUBMIT_MESSAGES.rateLimited);
    const body = (await res.json()) as Partial<AnswerOf<typeof api.formSubmissionKey>>;
    if (!res.ok || typeof body.key !== 'string') throw new Error('no key');
    return body.key;
  } catch (error) {
    throw error instanceof FormSubmitError ? error : new FormSubmitError(FORM_SUBMIT_MESSAGES.noKey);
  }
}

function failure(status: number, body: { error?: unknown; errors?: unknown } | null): FormSubmitError {
  if (status === 401) return new FormSubmitError(FORM_SUBMIT_MESSAGES.badKey);
  if (status === 404) return new FormSubmitError(FORM_SUBMIT_MESSAGES.notConfigured);
  if (status === 429) return new FormSubmitError(FORM_SUBMIT_MESSAGES.rateLimited);
  if (status >= 500) return new FormSubmitError(FORM_SUBMIT_MESSAGES.serverFault);
  const message = typeof body?.error === 'string' ? body.error : FORM_SUBMIT_MESSAGES.unknown;
  const errors =
    status === 400 && typeof body?.errors === 'object' && body.errors !== null
      ? (body.errors as Record<string, string>)
      : {};
  return new FormSubmitError(message, errors);
}

export async function submitForm(
  formId: string,
  values: unknown,
  captchaKey: string | null,
  page: SubmissionPage,
): Promise<void> {
  const key = await submissionKey();
  let form: string;
  try {
    form = JSON.stringify(values);
  } catch {
    throw new FormSubmitError(FORM_SUBMIT_MESSAGES.unparsable);
  }
  let res: Response;
  try {
    // The page's language, so an email the submission causes (the newsletter's welcome code) is written in it.
    const locale = pageLanguage() || undefined;
    res = await post(api.saveFormSubmission.at(), { key, formId, form, captchaKey, ...page, locale });
  } catch {
    throw new FormSubmitError(FORM_SUBMIT_MESSAGES.processing);
  }
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { error?: unknown; errors?: unknown } | null;
  throw failure(res.status, body);
}
