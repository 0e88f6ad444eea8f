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
