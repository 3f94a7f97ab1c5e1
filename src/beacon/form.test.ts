import { describe, expect, it } from 'vitest';
import { formFields } from './form';

describe('formFields', () => {
  it('reads a form-encoded body, a repeated key keeping its last value', () => {
    expect(formFields('event=view&data=%7B%22a%22%3A1%7D&event=hit')).toEqual({ event: 'hit', data: '{"a":1}' });
  });

  it("reads at most the spec's 1000 pairs (query-string parser key limit, E122): the 1001st is dropped", () => {
    const filler = Array.from({ length: 999 }, (_, i) => `k${i}=${i}`);
    expect(formFields([...filler, 'event=view'].join('&'))).toHaveProperty('event', 'view');
    expect(formFields([...filler, 'pad=1', 'event=view'].join('&'))).not.toHaveProperty('event');
    expect(Object.keys(formFields([...filler, 'pad=1', 'event=view'].join('&')))).toHaveLength(1000);
  });
});
