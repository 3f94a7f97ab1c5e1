import { describe, expect, it } from 'vitest';
import { attachmentDisposition, grantState } from './downloads';

describe('attachmentDisposition', () => {
  it('keeps only the base name, ASCII in the fallback and the exact name RFC 5987-encoded', () => {
    expect(attachmentDisposition('../../etc/passwd')).toBe(`attachment; filename="passwd"; filename*=UTF-8''passwd`);
    expect(attachmentDisposition('a\\b\r\n"x".pdf')).toBe(
      `attachment; filename="b_x_.pdf"; filename*=UTF-8''b%22x%22.pdf`,
    );
    expect(attachmentDisposition('Café (1).pdf')).toBe(
      `attachment; filename="Caf_ (1).pdf"; filename*=UTF-8''Caf%C3%A9%20%281%29.pdf`,
    );
    expect(attachmentDisposition('/')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});

describe('grantState', () => {
  const grant = { used: 0, allowed: 5, expiresAt: 1000, revokedAt: null };
  it('revoked before expired before used up', () => {
    expect(grantState(grant, 999)).toBe('ok');
    expect(grantState({ ...grant, used: 5 }, 999)).toBe('used-up');
    expect(grantState({ ...grant, used: 5 }, 1000)).toBe('expired');
    expect(grantState({ ...grant, used: 5, revokedAt: 1 }, 1000)).toBe('revoked');
  });
});
