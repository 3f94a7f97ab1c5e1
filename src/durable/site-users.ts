/** Visitor accounts of one website: their language and the cart that follows them. */
import { AccountStore, type Session } from './accounts';
import type { PasswordHash } from './passwords';

export interface VisitorProfile {
  cartId: string | null;
  language: string | null;
}

export type VisitorSession = Session<VisitorProfile>;

export class SiteUsers extends AccountStore<VisitorProfile> {
  protected readonly idPrefix = 'su';

  ensureUser(email: string, password: PasswordHash): string {
    return this.ensureAccount(email, password, { cartId: null, language: null });
  }

  private update(userId: string, change: Partial<VisitorProfile>): void {
    const profile = this.profileOf(userId);
    if (profile !== null) this.setProfile(userId, { ...profile, ...change });
  }

  setLanguage(userId: string, language: string | null): void {
    this.update(userId, { language });
  }

  setCart(userId: string, cartId: string | null): void {
    this.update(userId, { cartId });
  }
}
