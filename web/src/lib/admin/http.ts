/**
 * The console's calls to /api/admin/...: the site's one HTTP client underneath, but failures handled the
 * console's way. A 401 sends the operator to /admin/login (never to the buyers' /login), a failed write shows
 * its message as a toast unless the caller shows it itself (a form puts 422 under its fields), and a failed
 * read shows nothing here: the page shows its error state, or 无权限 for 403.
 */
import { Code, Message } from '@core/codes';
import { http, isApiError, TIMEOUT_MESSAGE, type Body, type Params, type RequestOptions } from '@/api/client';

export type AdminRequestOptions = Omit<RequestOptions, 'silent'> & {
  /** Codes the caller shows itself, e.g. `[Code.invalid]` for a form that puts field errors on its fields. */
  quiet?: readonly number[];
};

type Handlers = {
  /** The operator session is gone (never started, timed out, ended by an administrator). */
  onUnauthenticated: () => void;
  toastError: (text: string) => void;
};

let handlers: Handlers = { onUnauthenticated: () => {}, toastError: () => {} };

/** Set by the console's frame, which knows the router and the themed toast. */
export function configureAdminHttp(next: Partial<Handlers>): void {
  handlers = { ...handlers, ...next };
}

export const isUnauthenticated = (e: unknown) => isApiError(e) && (e.code === Code.unauthenticated || e.status === 401);
export const isForbidden = (e: unknown) => isApiError(e) && (e.code === Code.forbidden || e.status === 403);

/** The text an operator reads for a failed call. */
export function errorText(e: unknown): string {
  if (!isApiError(e)) return Message.serverError;
  if (e.kind === 'timeout') return TIMEOUT_MESSAGE;
  if (e.kind === 'network') return '网络连接失败，请检查网络后重试';
  if (isForbidden(e)) return Message.noPermission;
  if (e.code === Code.invalid) return Object.values(e.fieldErrors)[0]?.[0] || e.message || Message.badBody;
  if (e.code >= 500 || e.status >= 500) return Message.serverError;
  return e.message || Message.serverError;
}

async function call<T>(run: (options: RequestOptions) => Promise<T>, write: boolean, options: AdminRequestOptions = {}): Promise<T> {
  const { quiet, ...rest } = options;
  try {
    return await run({ ...rest, silent: true });
  } catch (e) {
    if (isApiError(e) && !e.cancelled) {
      if (isUnauthenticated(e)) handlers.onUnauthenticated();
      else if (write && !quiet?.includes(e.code)) handlers.toastError(errorText(e));
    }
    throw e;
  }
}

export const adminHttp = {
  get: <T>(url: string, params?: Params, options?: AdminRequestOptions) => call((o) => http.get<T>(url, params, o), false, options),
  post: <T>(url: string, body?: Body, options?: AdminRequestOptions) => call((o) => http.post<T>(url, body, { cancellable: false, ...o }), true, options),
  delete: <T>(url: string, params?: Params, options?: AdminRequestOptions) =>
    call((o) => http.delete<T>(url, params, { cancellable: false, ...o }), true, options),
};
