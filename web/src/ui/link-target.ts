/**
 * Where a banner, nav entry or notice leads (spec section 8): no target shows 活动暂未开始; a target that
 * starts with `*` is not a link but a message, the text after `#` (`*#活动即将开始`); anything else navigates,
 * inside the site when it is a path of this site, in a new window when it is another site.
 */
const NO_TARGET_MESSAGE = '活动暂未开始';

export type LinkTarget = { kind: 'message'; message: string } | { kind: 'internal'; to: string } | { kind: 'external'; href: string };

const UNSAFE_SCHEME = /^\s*(javascript|data|vbscript|file):/i;
const EMPTY = new Set(['', '#', '/#', 'javascript:;', 'javascript:void(0)', 'javascript:void(0);']);

export function resolveLinkTarget(target: string | null | undefined, siteOrigin?: string): LinkTarget {
  const value = (target ?? '').trim();
  if (EMPTY.has(value.toLowerCase())) return { kind: 'message', message: NO_TARGET_MESSAGE };
  if (value.startsWith('*')) {
    const hash = value.indexOf('#');
    const text = hash >= 0 ? value.slice(hash + 1).trim() : '';
    return { kind: 'message', message: text || NO_TARGET_MESSAGE };
  }
  if (UNSAFE_SCHEME.test(value)) return { kind: 'message', message: NO_TARGET_MESSAGE };
  if (/^(https?:)?\/\//i.test(value)) {
    const href = value.startsWith('//') ? `https:${value}` : value;
    if (siteOrigin) {
      try {
        const url = new URL(href);
        if (url.origin === siteOrigin) return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` };
      } catch {
        return { kind: 'message', message: NO_TARGET_MESSAGE };
      }
    }
    return { kind: 'external', href };
  }
  if (/^(mailto|tel):/i.test(value)) return { kind: 'external', href: value };
  return { kind: 'internal', to: value.startsWith('/') ? value : `/${value}` };
}
