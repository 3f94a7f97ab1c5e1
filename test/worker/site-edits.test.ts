/** A content edit applied by any route makes this isolate trust the new version at once (src/routes/console/site-edits.ts). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/errors';
import { applyEdit } from '../../src/routes/console/site-edits';
import { trustedVersion } from '../../src/site/store';

/** An environment whose content object answers every edit with `outcome`. */
function envAnswering(outcome: unknown): Env {
  const content = { idFromName: (name: string) => name, get: () => ({ edit: async () => outcome }) };
  return { CONTENT: content } as unknown as Env;
}

describe('applyEdit', () => {
  it('trusts the version the edit published, so the next page shows it', async () => {
    const env = envAnswering({ ok: true, value: { saved: true }, version: 41 });
    expect(await applyEdit(env, 'site-edit-version', { kind: 'disconnectMultilingual' }, [])).toEqual({
      value: { saved: true },
      version: 41,
    });
    expect(trustedVersion('site-edit-version')).toBe(41);
  });

  it('throws a refusal as the one error, naming the field when asked', async () => {
    const env = envAnswering({ ok: false, status: 400, error: 'That name is taken' });
    const refused = applyEdit(env, 'site-edit-refused', { kind: 'disconnectMultilingual' }, [], () => 'name');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      body: { error: 'That name is taken', fields: { name: 'That name is taken' } },
    });
    expect(trustedVersion('site-edit-refused')).toBeUndefined();
  });
});
