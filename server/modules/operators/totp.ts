/**
 * Two-factor for operators: TOTP (an authenticator app's six-digit code), verified with otplib. The secret is
 * kept encrypted (AES-256-GCM, key derived from SESSION_SECRET), so a copy of the database alone gives no codes.
 */
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

const keyOf = (sessionSecret: string) => Buffer.from(crypto.hkdfSync('sha256', sessionSecret, 'yct-operators', 'totp-secret', 32));

export function sealSecret(sessionSecret: string, secret: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function openSecret(sessionSecret: string, sealed: string) {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

export const newTotpSecret = () => generateSecret();

/** The otpauth:// URI an authenticator app scans (shown as a QR code). */
export const totpUri = (issuer: string, username: string, secret: string) => generateURI({ issuer, label: username, secret });

/** Whether `code` is the current code of `secret`, a step either way allowed for clocks that drift. */
export async function totpValid(secret: string, code: string) {
  if (!/^\d{6}$/.test(code)) return false;
  return (await verify({ secret, token: code, epochTolerance: 30 })).valid;
}
