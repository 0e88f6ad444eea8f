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
