/**
 * Suggestions under a store search field while the shopper types (issue 32): the field becomes an
 * ARIA combobox with a listbox of products (`GET /api/search/suggestions`, asked 200 ms after the
 * last keystroke; an answer to an older question is dropped, and a list with the same products as the one shown keeps
 * its chosen option: suggestion-answers.ts). Arrow keys move through them (aria-activedescendant),
 * Enter opens the one chosen (else the form searches as before), Escape closes the list, and a
 * status line says how many there are. Plain DOM, loaded the first time a search field has focus.
 */
import { storefrontRoutes as api } from '../api/storefront';
import type { AnswerOf } from '../api/route';
import type { Suggestion } from '../api/storefront-answers';
import { suggestionAnswers } from './suggestion-answers';

const DEBOUNCE_MS = 200;
const MIN_LENGTH = 2;
let lists = 0;

export function wireSearchSuggestions(input: HTMLInputElement): void {
  if (input.dataset.suggestions === 'on') return;
  input.dataset.suggestions = 'on';
  const form = input.form;
  if (form === null) return;
  const listId = `search-suggestions-${++lists}`;
  const list = document.createElement('ul');
  list.id = listId;
  list.className = 'SearchSuggestions';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Suggested products');
  list.hidden = true;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  form.classList.add('has-suggestions');
  form.append(list, status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', listId);
  input.setAttribute('aria-expanded', 'false');
  input.autocomplete = 'off';

  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | null = null;
  let active = -1;
  const answers = suggestionAnswers();
  const options = () => [...list.querySelectorAll<HTMLElement>('[role="option"]')];

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const highlight = (index: number) => {
    const all = options();
    active = all.length === 0 ? -1 : (index + all.length) % all.length;
    all.forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === active));
    });
    const chosen = all[active];
    if (chosen === undefined) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', chosen.id);
      chosen.scrollIntoView({ block: 'nearest' });
    }
  };

  const open = (suggestions: readonly Suggestion[]) => {
    const shown = suggestions.length > 0;
    list.hidden = !shown;
    input.setAttribute('aria-expanded', String(shown));
  };

  const show = (suggestions: Suggestion[]) => {
    list.replaceChildren(
      ...suggestions.map((suggestion, i) => {
        const option = document.createElement('li');
        option.id = `${listId}-${i}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.dataset.url = suggestion.url;
        if (suggestion.image !== null) {
          const image = document.createElement('img');
          Object.assign(image, { src: suggestion.image, alt: '', width: 40, height: 40, loading: 'lazy' });
          option.append(image);
        }
        const title = document.createElement('span');
        title.className = 'SearchSuggestions-title';
        title.textContent = suggestion.title;
        const price = document.createElement('span');
        price.className = 'SearchSuggestions-price';
        price.textContent = suggestion.price;
        option.append(title, price);
        // The field keeps the focus when an option is pressed, so the list is not closed before the click.
        option.addEventListener('mousedown', (event) => event.preventDefault());
        option.addEventListener('click', () => location.assign(suggestion.url));
        return option;
      }),
    );
    active = -1;
    input.removeAttribute('aria-activedescendant');
    open(suggestions);
    status.textContent =
      suggestions.length > 0
        ? `${suggestions.length} suggested product${suggestions.length === 1 ? '' : 's'}, use the arrow keys to choose`
        : '';
  };

  const ask = async () => {
    const q = input.value.trim();
    pending?.abort();
    const ticket = answers.ask();
    if ([...q].length < MIN_LENGTH) {
      close();
      status.textContent = '';
      return;
    }
    pending = new AbortController();
    try {
      const res = await fetch(api.searchSuggestions.path({ q }), { signal: pending.signal });
      if (!res.ok) return close();
      const { suggestions } = (await res.json()) as AnswerOf<typeof api.searchSuggestions>;
      const answer = answers.answer(
        ticket,
        q,
        input.value.trim(),
        suggestions.map((suggestion) => suggestion.url),
      );
      if (answer === 'new') show(suggestions);
      // The list shown, its chosen option kept; open again if Escape had closed it.
      else if (answer === 'same' && list.hidden) open(suggestions);
    } catch {
      // A newer keystroke aborted this request, or the network failed: the form still searches.
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(), DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) return;
      event.preventDefault();
      highlight(event.key === 'ArrowDown' ? active + 1 : active < 0 ? -1 : active - 1);
    } else if (event.key === 'Enter' && open && active >= 0) {
      const url = options()[active]?.dataset.url;
      if (url === undefined) return;
      event.preventDefault();
      location.assign(url);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
  // Words typed while this module was loading.
  if (input.value !== input.defaultValue) void ask();
  input.addEventListener('focus', () => {
    if (list.childElementCount > 0 && input.value.trim() !== '') {
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    }
  });
}
