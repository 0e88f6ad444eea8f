/**
 * Form and query encoding as the server's `qs` parser reads it (DESIGN.md section 5):
 * arrays of plain values as `ids[]=1&ids[]=2`, arrays of objects with indices as
 * `params[0][goods_id]=1`, booleans as 1/0, null and undefined left out.
 */
import qs from 'qs';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof Blob);

/** Turns arrays holding objects into index-keyed objects, so that brackets apply only to arrays of plain values. */
function prepare(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) {
    const items = value.map(prepare);
    if (items.some((item) => isPlainObject(item) || Array.isArray(item))) {
      return Object.fromEntries(items.map((item, index) => [String(index), item]));
    }
    return items;
  }
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, prepare(v)]));
  }
  return value;
}

const OPTIONS: qs.IStringifyOptions = { arrayFormat: 'brackets', skipNulls: true };

/** `application/x-www-form-urlencoded` text of a body object. */
export function toFormBody(body: Record<string, unknown>): string {
  return qs.stringify(prepare(body), OPTIONS);
}

/** Query string (without `?`) of a params object. */
function toQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  return qs.stringify(prepare(params), OPTIONS);
}

/** Appends params to a URL that may already carry a query string. */
export function withQuery(url: string, params: Record<string, unknown> | undefined): string {
  const query = toQuery(params);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
