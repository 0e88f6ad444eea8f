/** Validation patterns of spec section 5, shared by server schemas and web forms. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const LANDLINE_RE = /^\d{3,4}-\d{7,8}$/;
export const EMAIL_RE = /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
/** 6-20 characters with at least a letter and a digit. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/;
/** 4-20 characters: letters, digits, underscore, hyphen; starts with a letter. */
export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_-]{3,19}$/;
export const SMS_CODE_RE = /^\d{6}$/;

export const isMobile = (v: string) => MOBILE_RE.test(v);
export const isPhone = (v: string) => MOBILE_RE.test(v) || LANDLINE_RE.test(v);
export const isEmail = (v: string) => EMAIL_RE.test(v);
