/** What the account-centre calls answer (server/modules/accounts and member, docs/api.md). */
import type { ChainStore } from '@core/schemas/member';
import type { Licence, LicenceState } from '@core/schemas/member';

export type LicenceList = {
  is_passed: number;
  reject_reason: string;
  state: LicenceState;
  warn_days: number;
  required: { type: string; name: string; held: 0 | 1 }[];
  types: { type: string; name: string }[];
  list: Licence[];
};

export type Message = { id: number; title: string; content: string; is_read: 0 | 1; created_at: number };
export type MessagePage = { current_page: number; data: Message[]; last_page: number; per_page: number; total: number; unread: number };

export type ChainStores = {
  is_chain: 0 | 1;
  headquarters: { id: number; username: string; company: string };
  /** The store the session acts for, 0 when none. */
  acting_for: number;
  stores: ChainStore[];
};
