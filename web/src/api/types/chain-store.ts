/** A chain headquarters' store (连锁门店) as GET /api/user/stores and GET /api/user/dd answer it (server/modules/accounts/service.ts storesOf). */
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
