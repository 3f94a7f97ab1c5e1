/** Merchant accounts of one website (the owner and their team), each with its numeric roles (spec §3). */
import { AccountStore, type Session } from './accounts';
import type { PasswordHash } from './passwords';

export interface MerchantProfile {
  roles: number[];
}

export type MerchantSession = Session<MerchantProfile>;

export class MerchantAccounts extends AccountStore<MerchantProfile> {
  protected readonly idPrefix = 'm';

  ensureMember(email: string, password: PasswordHash, roles: number[]): string {
    return this.ensureAccount(email, password, { roles });
  }
}
