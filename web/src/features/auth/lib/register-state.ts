/** What registration carries from one step to the next, kept in sessionStorage so a reload keeps it. */
import type { CompanyType } from '@core/constants';

export type RegisterState = { type?: CompanyType; store_id?: number };

const key = (chain: boolean) => (chain ? 'yct_register_dd' : 'yct_register');

export function readRegisterState(chain: boolean): RegisterState {
  try {
    const raw = sessionStorage.getItem(key(chain));
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return value && typeof value === 'object' ? (value as RegisterState) : {};
  } catch {
    return {};
  }
}

export function writeRegisterState(chain: boolean, patch: RegisterState): void {
  try {
    sessionStorage.setItem(key(chain), JSON.stringify({ ...readRegisterState(chain), ...patch }));
  } catch {}
}

export function clearRegisterState(chain: boolean): void {
  try {
    sessionStorage.removeItem(key(chain));
  } catch {}
}

/** Step number (1-3) and chain flag of /register/step2, /register/dd/step3, /register_dd and the like. */
export function parseRegisterPath(pathname: string): { chain: boolean; step: 1 | 2 | 3 } {
  const chain = /\/register(\/dd|_dd)(\/|$)/.test(pathname);
  const n = Number(/step([123])/.exec(pathname)?.[1] ?? 1);
  return { chain, step: n as 1 | 2 | 3 };
}
