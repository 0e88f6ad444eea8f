/** The calls of 采购计划导入 send JSON: a list of 2,000 rows is far more than a form's 1,000 fields. */
import { Code } from '@core/codes';
import { http, type RequestOptions } from '@/api/client';

/** Failures the page shows in place, beside what caused them, instead of a toast or a dialog. */
const SHOWN_IN_PLACE = [Code.invalid, Code.refused] as const;

export const postJson = <T>(url: string, body: unknown, options: RequestOptions = {}) =>
  http.post<T>(url, JSON.stringify(body), { silent: SHOWN_IN_PLACE, cancellable: false, ...options, headers: { 'Content-Type': 'application/json' } });
