/**
 * Which answers the search suggestions show (search-suggestions.ts): only the answer to the newest question asked, and
 * only while the field still holds its words; a list with the same products as the one shown is kept as it is, so the
 * option the shopper chose with the arrow keys stays chosen. No DOM here, so its rules are tested in Node.
 */

/** What to do with an answer: drop it (a newer question was asked, or the field changed), keep the list shown, show it. */
export type SuggestionAnswer = 'stale' | 'same' | 'new';

export interface SuggestionAnswers {
  /** A question is sent: its ticket, which makes every earlier question's answer stale. */
  ask(): number;
  /** The answer to question `ticket` for `query`, while the field holds `typed`: what to do with `urls`, its products. */
  answer(ticket: number, query: string, typed: string, urls: readonly string[]): SuggestionAnswer;
}

export function suggestionAnswers(): SuggestionAnswers {
  let newest = 0;
  /** The products of the list the field holds (hidden or not), as the last new answer gave them. */
  let shown: readonly string[] = [];
  return {
    ask: () => ++newest,
    answer(ticket, query, typed, urls) {
      if (ticket !== newest || typed !== query) return 'stale';
      if (urls.length === shown.length && urls.every((url, i) => url === shown[i])) return 'same';
      shown = [...urls];
      return 'new';
    },
  };
}
