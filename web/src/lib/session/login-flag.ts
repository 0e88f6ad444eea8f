/**
 * The session-storage flag the login page sets after a successful login (spec section 4): the next
 * navigation finds it, removes it and reloads the page once, so every screen starts from the new account.
 */
const LOGIN_FLAG_KEY = 'yct_login_flag';

const storage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
};

export function setLoginFlag(): void {
  try {
    storage()?.setItem(LOGIN_FLAG_KEY, '1');
  } catch {}
}

export function clearLoginFlag(): void {
  try {
    storage()?.removeItem(LOGIN_FLAG_KEY);
  } catch {}
}

/** Removes the flag and says whether it was there. */
export function takeLoginFlag(): boolean {
  try {
    const s = storage();
    if (!s || s.getItem(LOGIN_FLAG_KEY) === null) return false;
    s.removeItem(LOGIN_FLAG_KEY);
    return true;
  } catch {
    return false;
  }
}
