/** Submitting a site form from the browser (storefront spec §8, S93 and S94): each failure as the spec's words. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormSubmitError, submitForm } from './form-api';

vi.mock('./crumb', () => ({ crumb: async () => 'c'.repeat(32) }));

afterEach(() => vi.unstubAllGlobals());

const PAGE = { pageId: null, pageTitle: null, pagePath: null, contentSource: null };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Answers the key call with `key`, the submission with `submission`; the failure `submitForm` throws. */
async function failureOf(
  key: () => Promise<Response>,
  submission: () => Promise<Response> = async () => json(200, {}),
  values: unknown = { name: 'Ada' },
): Promise<FormSubmitError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => (path.endsWith('/FormSubmissionKey') ? key() : submission())),
  );
  const error = await submitForm('form-1', values, null, PAGE).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormSubmitError);
  return error as FormSubmitError;
}

const withKey = async () => json(200, { key: 'k' });

describe('a site form submission that fails', () => {
  it("shows the server's error text, else 'Unknown error, please try again later.' (S93)", async () => {
    expect((await failureOf(withKey, async () => json(400, { error: 'That email is taken.' }))).message).toBe(
      'That email is taken.',
    );
    expect((await failureOf(withKey, async () => json(409, {}))).message).toBe(
      'Unknown error, please try again later.',
    );
    expect((await failureOf(withKey, async () => new Response('not json', { status: 400 }))).message).toBe(
      'Unknown error, please try again later.',
    );
  });

  it('says the three browser-side failures in the spec words (S94)', async () => {
    const lost = await failureOf(withKey, async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(lost.message).toBe('Error processing form submission. Please reload and try again.');
    const noKey = await failureOf(async () => json(500, {}));
    expect(noKey.message).toBe('Could not get a form submission key, please try again later.');
    const keyLost = await failureOf(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(keyLost.message).toBe('Could not get a form submission key, please try again later.');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const unparsable = await failureOf(withKey, undefined, circular);
    expect(unparsable.message).toBe('Could not parse the form fields, please check your entries.');
  });
});
