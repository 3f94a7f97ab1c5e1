import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '../api/storefront-answers';
import { wireSearchSuggestions } from './search-suggestions';
import { suggestionAnswers } from './suggestion-answers';

/** The few DOM parts the suggestions use, in Node (the engine project has no DOM). */
class FakeElement {
  id = '';
  className = '';
  hidden = false;
  textContent: string | null = '';
  dataset: Record<string, string> = {};
  children: FakeElement[] = [];
  classList = { add: () => undefined };
  private readonly attributes = new Map<string, string>();
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  append(...nodes: FakeElement[]) {
    this.children.push(...nodes);
  }
  replaceChildren(...nodes: FakeElement[]) {
    this.children = nodes;
  }
  get childElementCount() {
    return this.children.length;
  }
  querySelectorAll() {
    return this.children.filter((child) => child.getAttribute('role') === 'option');
  }
  contains() {
    return false;
  }
  scrollIntoView() {}
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  dispatch(type: string, event: Record<string, unknown> = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener({ preventDefault: () => undefined, ...event });
  }
}

class FakeInput extends FakeElement {
  value = '';
  defaultValue = '';
  autocomplete = '';
  form = new FakeElement('form');
}

function product(slug: string): Suggestion {
  return { title: slug, url: `/shop/p/${slug}`, image: null, price: '$10.00' };
}

/** The suggestions' requests, each answered when the test says. */
const requests: { q: string; answer: (suggestions: Suggestion[]) => void }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('document', { createElement: (tag: string) => new FakeElement(tag) });
  vi.stubGlobal('fetch', (url: string) => {
    const q = new URL(url, 'https://store.test').searchParams.get('q') ?? '';
    return new Promise((resolve) =>
      requests.push({ q, answer: (suggestions) => resolve({ ok: true, json: async () => ({ suggestions }) }) }),
    );
  });
});

afterEach(() => {
  requests.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function wired() {
  const input = new FakeInput('input');
  wireSearchSuggestions(input as unknown as HTMLInputElement);
  const [list] = input.form.children as [FakeElement];
  const type = async (value: string) => {
    input.value = value;
    input.dispatch('input');
    await vi.advanceTimersByTimeAsync(200);
  };
  const press = (key: string) => input.dispatch('keydown', { key });
  const chosen = () => {
    const id = input.getAttribute('aria-activedescendant');
    return list.children.find((option) => option.id === id)?.dataset.url ?? null;
  };
  return { input, list, type, press, chosen };
}

describe('search suggestions (issue 32)', () => {
  it('keeps the option chosen with the arrow keys when a later answer brings the same products', async () => {
    const { list, type, press, chosen } = wired();
    await type('planter');
    requests[0]?.answer([product('planter'), product('planter-set')]);
    await vi.advanceTimersByTimeAsync(0);
    press('ArrowDown');
    press('ArrowDown');
    expect(chosen()).toBe('/shop/p/planter-set');
    await type('planters');
    requests[1]?.answer([product('planter'), product('planter-set')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(chosen()).toBe('/shop/p/planter-set');
    expect(list.children.map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    // Another list starts with no option chosen.
    await type('planters tall');
    requests[2]?.answer([product('tall-planter')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(chosen()).toBeNull();
    expect(list.children.map((option) => option.dataset.url)).toEqual(['/shop/p/tall-planter']);
  });

  it('never lets the answer to an older question replace a newer one', async () => {
    const { input, list, type, press, chosen } = wired();
    await type('plan');
    await type('planters');
    // "planters" answered first, an option chosen; then the slow answer to "plan" comes.
    requests[1]?.answer([product('planter'), product('planter-set')]);
    await vi.advanceTimersByTimeAsync(0);
    press('ArrowDown');
    requests[0]?.answer([product('plant-food'), product('planter')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(list.children.map((option) => option.dataset.url)).toEqual(['/shop/p/planter', '/shop/p/planter-set']);
    expect(chosen()).toBe('/shop/p/planter');
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the same list again after Escape closed it, as the next answer brings it', async () => {
    const { input, list, type, press } = wired();
    await type('mug');
    requests[0]?.answer([product('mug')]);
    await vi.advanceTimersByTimeAsync(0);
    press('Escape');
    expect(list.hidden).toBe(true);
    await type('mugs');
    requests[1]?.answer([product('mug')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(list.hidden).toBe(false);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('suggestionAnswers', () => {
  it('drops an answer to an older question or to words no longer typed; tells a new list from the one shown', () => {
    const answers = suggestionAnswers();
    const first = answers.ask();
    const second = answers.ask();
    expect(answers.answer(first, 'plan', 'planters', ['/a'])).toBe('stale');
    expect(answers.answer(second, 'planters', 'planters x', ['/a'])).toBe('stale');
    expect(answers.answer(second, 'planters', 'planters', ['/a', '/b'])).toBe('new');
    const third = answers.ask();
    expect(answers.answer(third, 'planter', 'planter', ['/a', '/b'])).toBe('same');
    const fourth = answers.ask();
    expect(answers.answer(fourth, 'plant', 'plant', ['/b', '/a'])).toBe('new');
    // A question too short to send still makes the answers before it stale.
    const fifth = answers.ask();
    answers.ask();
    expect(answers.answer(fifth, 'plants', 'p', ['/c'])).toBe('stale');
  });
});
