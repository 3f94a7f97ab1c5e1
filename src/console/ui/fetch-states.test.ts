/**
 * The console's generic fetch state and its failure texts (engine spec §4 and §8, S50 and E108):
 * pending says what loads, a failure keeps its error on screen with 'Try again', success shows the
 * data; a lost connection is 'Network error' and a server fault 'Something went wrong'.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleRoutes } from '../../api/console';
import { refused } from '../../result';
import { MAILING_LIST_MESSAGES, changeMailingList } from '../../site/editor/mailing-list';
import { ApiError, API_MESSAGES, consoleApi, errorMessage } from './api';
import { CHECK_CONNECTION, FetchStatus, LIST_FAILED, Loaded, LOADED_MESSAGES, NOT_LOCATED } from './Loaded';
import type { Fetched } from './useFetch';

afterEach(() => vi.unstubAllGlobals());

const reload = () => undefined;
const shown = (fetched: Fetched<string>) =>
  renderToStaticMarkup(
    // biome-ignore lint/correctness/noChildrenProp: Loaded's children is a render function, which createElement's children argument does not type.
    createElement(Loaded<string>, { fetched, loading: 'Loading orders…', children: (data) => data }),
  );

describe('the generic fetch state (S50)', () => {
  it('says what loads while pending, keeps the error when failed, and shows the data on success', () => {
    expect(shown({ state: 'pending', reload })).toBe('<p class="Console-loading" role="status">Loading orders…</p>');
    expect(shown({ state: 'failed', error: new ApiError(403, 'You do not have permission.'), reload })).toBe(
      '<div class="Card Notice" role="alert"><p>Unable to load. Try again.</p>' +
        '<p class="Muted">You do not have permission.</p><button type="button" class="Button">Try again</button></div>',
    );
    expect(shown({ state: 'success', data: 'Order #1001', reload })).toBe('Order #1001');
    // A reload that fails keeps the last data on screen.
    expect(shown({ state: 'failed', data: 'Order #1001', error: new Error('lost'), reload })).toBe('Order #1001');
  });
});

describe("the console's failure texts (E108)", () => {
  it('are the spec words, character for character', () => {
    expect(LOADED_MESSAGES).toEqual({ failed: 'Unable to load. Try again.', retry: 'Try again' });
    expect(API_MESSAGES).toEqual({ network: 'Network error', server: 'Something went wrong' });
    expect(MAILING_LIST_MESSAGES.noLists).toBe("You don't have any mailing lists. Please create one before continuing");
    expect(MAILING_LIST_MESSAGES.unableToConnect).toBe('Unable to connect. Please try again');
  });

  it("turns a lost connection into 'Network error' and a server fault into 'Something went wrong'", async () => {
    const failure = (answer: () => Promise<Response>) => {
      vi.stubGlobal('fetch', vi.fn(answer));
      return consoleApi(consoleRoutes.orders.at()).then(
        () => null,
        (error: unknown) => error,
      );
    };
    expect(await failure(async () => Promise.reject(new TypeError('Failed to fetch')))).toEqual(
      new ApiError(0, 'Network error'),
    );
    const fault = await failure(async () => new Response('{"error":"stack trace"}', { status: 500 }));
    expect(errorMessage(fault)).toBe('Something went wrong');
    expect(errorMessage(new TypeError('x'))).toBe('Something went wrong');
  });

  it('says there are no mailing lists, and cannot connect to a list that is gone', () => {
    const now = 1_700_000_000_000;
    const newId = () => 'list-1';
    expect(
      changeMailingList(
        { lists: [], connection: { state: 'disconnected' } },
        { action: 'connect', listId: 'x', doubleOptIn: false },
        now,
        newId,
      ),
    ).toEqual(refused('invalid', "You don't have any mailing lists. Please create one before continuing"));
    const lists = [{ id: 'list-1', name: 'News', automation: false }];
    expect(
      changeMailingList(
        { lists, connection: { state: 'disconnected' } },
        { action: 'connect', listId: 'gone', doubleOptIn: false },
        now,
        newId,
      ),
    ).toEqual(refused('not-found', MAILING_LIST_MESSAGES.unknownList));
    const awaiting = { state: 'awaiting' as const, listId: 'gone', doubleOptIn: true, requestedAt: now };
    expect(changeMailingList({ lists: [], connection: awaiting }, { action: 'confirm' }, now, newId)).toEqual(
      refused('invalid', 'Unable to connect. Please try again'),
    );
  });
});

describe("the lists' own failure texts (E109)", () => {
  it('are the spec words, character for character, and what a failed search or collections load shows', () => {
    expect(LIST_FAILED).toEqual({ results: 'Unable to load results', collections: 'Unable to load collections' });
    const failed = (text: string) =>
      renderToStaticMarkup(
        createElement(FetchStatus, {
          fetched: { state: 'failed', error: new ApiError(0, 'Network error'), reload },
          failed: text,
        }),
      );
    expect(failed(LIST_FAILED.results)).toContain('<p>Unable to load results</p>');
    expect(failed(LIST_FAILED.collections)).toContain('<p>Unable to load collections</p>');
  });
});

describe('a screen whose content is not there (E112)', () => {
  it("says 'Unable to locate content' for a 404, with the reason and no Try again", () => {
    expect(NOT_LOCATED).toBe('Unable to locate content');
    expect(shown({ state: 'failed', error: new ApiError(404, 'Order not found'), reload })).toBe(
      '<div class="Card Notice" role="alert"><p>Unable to locate content</p><p class="Muted">Order not found</p></div>',
    );
  });
});

describe('a load that never reached the server (E112)', () => {
  it("adds 'Please check your internet connection' after 'Network error', and keeps Try again", () => {
    expect(CHECK_CONNECTION).toBe('Please check your internet connection');
    expect(shown({ state: 'failed', error: new ApiError(0, API_MESSAGES.network), reload })).toBe(
      '<div class="Card Notice" role="alert"><p>Unable to load. Try again.</p><p class="Muted">Network error</p>' +
        '<p class="Muted">Please check your internet connection</p><button type="button" class="Button">Try again</button></div>',
    );
    // A server's refusal is no connection problem.
    expect(shown({ state: 'failed', error: new ApiError(500, API_MESSAGES.server), reload })).not.toContain(
      CHECK_CONNECTION,
    );
  });
});
