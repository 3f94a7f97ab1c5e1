/** The one error of the routes: `ApiError` carries the contract's body, and no route builds an error answer itself. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';

/** Every module under `dir`, tests left out. */
function modules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => join(dir, file));
}

describe('ApiError', () => {
  it('is the status with { error, ...extra } and its headers', () => {
    const error = new ApiError(429, 'Please try again in a few seconds.', {
      extra: { crumbFail: true },
      headers: { 'retry-after': '10' },
    });
    expect(error.status).toBe(429);
    expect(error.message).toBe('Please try again in a few seconds.');
    expect(JSON.stringify(error.body)).toBe('{"error":"Please try again in a few seconds.","crumbFail":true}');
    expect(error.headers).toEqual({ 'retry-after': '10' });
  });

  it("answers in the same shape without the worker's onError (a route area run alone)", async () => {
    const res = new ApiError(409, 'Taken', { extra: { fields: { urlId: 'Taken' } } }).getResponse();
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Taken', fields: { urlId: 'Taken' } });
  });

  it('is the only way a route answers an error: no error body built by hand, no bare HTTPException', () => {
    const styles = [
      /\.json(<[^>]*>)?\(\{\s*(crumbFail: true, )?error\b/,
      /Response\.json\(\{\s*error\b/,
      /new HTTPException\(/,
    ];
    const offenders = modules('src/routes').flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, at) => (styles.some((style) => style.test(line)) ? [`${file}:${at + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
