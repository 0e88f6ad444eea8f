import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';
const shotDir = path.resolve(import.meta.dirname, 'screenshots');

/** Saves a full-page screenshot under e2e/screenshots for people to look at. */
export async function shot(page: Page, name: string) {
  fs.mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

/** Reads the latest SMS code sent to a phone from the sandbox outbox. */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await request.get(`/api/dev/sms_outbox?phone=${phone}`);
    const body = await res.json();
    if (body.data?.code) return body.data.code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** A phone number no earlier run has used: 139 + the last 8 digits of the time. */
export function freshPhone(): string {
  return `139${String(Date.now() * 10 + Math.floor(Math.random() * 10)).slice(-8)}`;
}

export async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
