/** A receiving address as the address calls answer it (server/modules/addresses, docs/api.md "Addresses"). */
export type Address = {
  id: number;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  is_default: 0 | 1;
  /** Province, city, district and street in one line. */
  full: string;
};

/** A licence as GET /api/user/zizhi answers it (server/modules/member/service.ts). */
export type Licence = {
  id: number;
  type: string;
  type_name: string;
  number: string;
  /** YYYY-MM-DD, or '' when it has no end date. */
  valid_until: string;
  image: string;
  /** 0 审核中, 1 已通过, 2 未通过. */
  status: 0 | 1 | 2;
  status_text: string;
  remark: string;
  days_left: number | null;
  /** 1 expires within `warn_days`, 2 expired. */
  expiry: 0 | 1 | 2;
  updated_at: number;
};

/** Where the account stands with its licences and what to do next. */
export type LicenceState = {
  state: 'incomplete' | 'rejected' | 'waiting' | 'expired' | 'expiring' | 'approved';
  text: string;
  tip: string;
  action: { label: string; to: string } | null;
};

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

export type ChainStore = {
  id: number;
  username: string;
  company: string;
  name: string;
  phone: string;
  is_passed: number;
  register_step: number;
  address: string;
  created_at: number;
};

export type ChainStores = {
  is_chain: 0 | 1;
  headquarters: { id: number; username: string; company: string };
  /** The store the session acts for, 0 when none. */
  acting_for: number;
  stores: ChainStore[];
};
