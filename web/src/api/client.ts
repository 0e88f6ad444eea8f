/**
 * The one HTTP client of the web app. Every call goes through here so that the error catalogue of
 * spec section 8 is applied once: login redirect, 422 toast, e-contract redirect, 温馨提示 alert,
 * server-busy toast, timeout alert, and the cancelling of an identical in-flight request.
 */
import { Code, Message, type ValidationErrors } from '@core/codes';
import { REQUEST_TIMEOUT_MS } from '@core/constants';
import { loginPathTo } from '@core/routes';
import { toFormBody, withQuery } from './encode';
import { defaultUiAdapter, type UiAdapter } from './ui-adapter';

export type { UiAdapter, AlertOptions } from './ui-adapter';

export type Params = Record<string, unknown>;
export type Body = Params | FormData | URLSearchParams | string;

export type RequestOptions = {
  /** `true` shows nothing for any failure; a list of codes shows nothing for those codes only. */
  silent?: boolean | readonly number[];
  /** Milliseconds before the request is given up (default REQUEST_TIMEOUT_MS). */
  timeout?: number;
  /** Aborting this signal cancels the request quietly (TanStack Query passes one to query functions). */
  signal?: AbortSignal;
  /** Whether a new identical request cancels this one while in flight; exempt paths default to false. */
  cancellable?: boolean;
  headers?: Record<string, string>;
};

/** What went wrong: an answer with a failure code, no answer in time, cancelled, or no connection at all. */
export type ApiErrorKind = 'response' | 'timeout' | 'cancelled' | 'network';

/** `code` of failures that never reached an answer (timeout, cancelled, network). */
const NO_ANSWER_CODE = -1;

export const TIMEOUT_MESSAGE = '请求超时，请刷新页面';
const ALERT_TITLE = '温馨提示';
const CONTRACT_PATH = '/dzht';
const LOGIN_PATH = '/login';

export class ApiError<D = unknown> extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly data: D,
    readonly kind: ApiErrorKind = 'response',
  ) {
    super(message);
  }

  get cancelled(): boolean {
    return this.kind === 'cancelled';
  }

  /** `data.errors` of a 422 answer, `{}` otherwise. */
  get fieldErrors(): ValidationErrors {
    if (this.code !== Code.invalid) return {};
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === 'object' ? (errors as ValidationErrors) : {};
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
export const isCancelled = (e: unknown): boolean => e instanceof ApiError && e.cancelled;

type Config = { baseURL: string; timeout: number };
const DEFAULT_CONFIG: Config = { baseURL: '', timeout: REQUEST_TIMEOUT_MS };
let config: Config = { ...DEFAULT_CONFIG };

/** Base URL (empty: same origin) and default timeout; tests point the client at their own server. */
export function configureHttp(next: Partial<Config>): void {
  config = { ...config, ...next };
}

let ui: UiAdapter = defaultUiAdapter;

/** Replaces the side effects a buyer sees (toast, alert, navigation, reload), wholly or in part. */
export function setUiAdapter(next: Partial<UiAdapter>): void {
  ui = { ...ui, ...next };
}

export function resetHttp(): void {
  config = { ...DEFAULT_CONFIG };
  ui = defaultUiAdapter;
  inflight.clear();
  openAlerts.clear();
}

const SUCCESS_CODES = new Set<number>([Code.ok, 200, 201]);

/** Calls that may legitimately run side by side with an identical one (spec section 8). */
function isCancelExempt(path: string): boolean {
  const bare = path.split('?')[0].replace(/\/+$/, '');
  return (
    bare === '/api/cart' ||
    bare.startsWith('/api/cart/') ||
    bare === '/api/favorite' ||
    bare === '/api/favorite/cancel' ||
    bare === '/api/activity/tap' ||
    bare.startsWith('/api/activity/tap/') ||
    bare === '/api/focus/demo'
  );
}

type Abort = (reason: 'superseded') => void;
const inflight = new Map<string, Abort>();
const openAlerts = new Set<string>();

const normalisePath = (url: string) => (/^https?:\/\//.test(url) || url.startsWith('/') ? url : `/${url}`);

function isSilenced(silent: RequestOptions['silent'], code: number): boolean {
  if (silent === true) return true;
  return Array.isArray(silent) && silent.includes(code);
}

function showAlert(content: string, extra?: { okText?: string; onOk?: () => void }) {
  const key = `${ALERT_TITLE}|${content}`;
  if (openAlerts.has(key)) return;
  openAlerts.add(key);
  ui.alert({ title: ALERT_TITLE, content, ...extra, afterClose: () => openAlerts.delete(key) });
}

/** `/login?redirect=<where the buyer was>`, or plain `/login` outside a browser or on the login page. */
function loginTarget(): string {
  if (typeof window === 'undefined' || !window.location) return LOGIN_PATH;
  const { pathname, search, hash } = window.location;
  if (pathname === LOGIN_PATH || pathname === '/') return LOGIN_PATH;
  return loginPathTo(pathname + search + hash);
}

function onLoginPage(): boolean {
  return typeof window !== 'undefined' && window.location?.pathname === LOGIN_PATH;
}

/** Applies the error catalogue of spec section 8 to one failure. */
function report(error: ApiError, silent: RequestOptions['silent']): void {
  if (error.kind === 'cancelled' || isSilenced(silent, error.code)) return;
  if (error.kind === 'timeout') {
    showAlert(TIMEOUT_MESSAGE, { okText: '刷新', onOk: () => ui.reload() });
    return;
  }
  if (error.kind === 'network') {
    ui.toastError(Message.serverError);
    return;
  }
  if (error.code === Code.unauthenticated || error.status === 401) {
    if (!onLoginPage()) ui.navigate(loginTarget());
    return;
  }
  if (error.code === Code.invalid) {
    const first = Object.values(error.fieldErrors)[0]?.[0];
    ui.toastError(first || error.message || Message.badBody);
    return;
  }
  if (error.code === Code.contractRequired) {
    if (error.message) ui.toastError(error.message);
    ui.navigate(CONTRACT_PATH);
    return;
  }
  // The database away (the server's 503), or no server process behind the site's proxy (its own 502-504 page).
  if (error.code === Code.unavailable || (error.status >= 502 && error.status <= 504)) {
    ui.toastError(Message.unavailable);
    return;
  }
  if ((error.code >= 500 && error.code <= 599) || error.status >= 500) {
    ui.toastError(Message.serverError);
    return;
  }
  if (error.message === Message.unauthenticated) return;
  showAlert(error.message || Message.serverError);
}

type Envelope = { code: number; message: string; data: unknown };

function parseEnvelope(text: string): Envelope | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && typeof (value as Envelope).code === 'number') return value as Envelope;
  } catch {}
  return null;
}

function encodeBody(body: Body | undefined, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) return body;
  // Text whose caller names its type (application/json: lists too long for a form's 1,000 fields) goes as it is.
  if (typeof body === 'string' && headers['Content-Type']) return body;
  headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  return typeof body === 'string' ? body : toFormBody(body);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function request<T>(method: Method, url: string, params: Params | undefined, body: Body | undefined, options: RequestOptions = {}): Promise<T> {
  const path = withQuery(normalisePath(url), params);
  const key = `${method} ${path}`;
  const cancellable = options.cancellable ?? !isCancelExempt(path);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  const init: RequestInit = { method, credentials: 'include', headers, body: encodeBody(body, headers) };

  const controller = new AbortController();
  let reason: 'timeout' | 'superseded' | 'caller' | null = null;
  const abort = (why: NonNullable<typeof reason>) => {
    if (reason) return;
    reason = why;
    controller.abort();
  };
  if (cancellable) {
    inflight.get(key)?.('superseded');
    inflight.set(key, abort);
  }
  const onCallerAbort = () => abort('caller');
  if (options.signal?.aborted) abort('caller');
  options.signal?.addEventListener('abort', onCallerAbort);
  const timer = setTimeout(() => abort('timeout'), options.timeout ?? config.timeout);

  let error: ApiError;
  try {
    const response = await fetch(/^https?:\/\//.test(path) ? path : config.baseURL + path, {
      ...init,
      signal: controller.signal,
    });
    const text = await response.text();
    const envelope = parseEnvelope(text);
    if (envelope && SUCCESS_CODES.has(envelope.code) && response.status < 400) return envelope.data as T;
    error = envelope
      ? new ApiError(envelope.code, envelope.message ?? '', response.status, envelope.data)
      : new ApiError(response.status >= 500 ? Code.serverError : response.status, '', response.status, null);
  } catch (e) {
    if (reason === 'timeout') error = new ApiError(NO_ANSWER_CODE, TIMEOUT_MESSAGE, 0, null, 'timeout');
    else if (reason) error = new ApiError(NO_ANSWER_CODE, '请求已取消', 0, null, 'cancelled');
    else error = new ApiError(NO_ANSWER_CODE, e instanceof Error ? e.message : String(e), 0, null, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    if (inflight.get(key) === abort) inflight.delete(key);
  }
  report(error, options.silent);
  throw error;
}

export const http = {
  get: <T = unknown>(url: string, params?: Params, options?: RequestOptions) => request<T>('GET', url, params, undefined, options),
  post: <T = unknown>(url: string, body?: Body, options?: RequestOptions) => request<T>('POST', url, undefined, body, options),
  put: <T = unknown>(url: string, body?: Body, options?: RequestOptions) => request<T>('PUT', url, undefined, body, options),
  delete: <T = unknown>(url: string, params?: Params, options?: RequestOptions) => request<T>('DELETE', url, params, undefined, options),
};
