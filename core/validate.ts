/** Validation patterns of spec section 5, shared by server schemas and web forms. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const LANDLINE_RE = /^\d{3,4}-\d{7,8}$/;
export const EMAIL_RE = /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
/** 6-20 characters with at least a letter and a digit. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/;
/** 4-20 characters: letters, digits, underscore, hyphen; starts with a letter. */
export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_-]{3,19}$/;
export const SMS_CODE_RE = /^\d{6}$/;
/** The payment password (支付密码): six digits. */
export const PAY_PASSWORD_RE = /^\d{6}$/;

/** Six digits anyone would guess first: one digit six times, or a run up or down (123456, 987654). */
export function isSimplePayPassword(value: string) {
  const steps = new Set<number>();
  for (let i = 1; i < value.length; i++) steps.add(value.charCodeAt(i) - value.charCodeAt(i - 1));
  return steps.size === 1 && [...steps].every((s) => Math.abs(s) <= 1);
}

export const isMobile = (v: string) => MOBILE_RE.test(v);

/**
 * Control characters no field of a buyer or an operator needs: C0 but tab, line feed and carriage return, DEL
 * and C1. PostgreSQL refuses NUL in text, and the rest only hide text from the people who read it.
 */
const isControl = (c: number) => (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);

export function hasControlChar(value: string) {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

export const stripControlChars = (value: string) =>
  Array.from(value)
    .filter((ch) => !isControl(ch.charCodeAt(0)))
    .join('');

/**
 * The path of the first string (key or value) holding a control character in a parsed request, or null. Every
 * request passes here: a clean one allocates nothing, the path is made only for what is found.
 */
export function controlCharPath(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return hasControlChar(value) ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (hasControlChar(key)) return [key];
    const found = controlCharPath(record[key], depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

/** A whole number as a form or a path writes it: decimal digits with an optional minus, nothing else. */
export const WHOLE_NUMBER_RE = /^-?\d{1,15}$/;
