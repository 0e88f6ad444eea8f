/** Small helpers the drawings share: escaping, colours, text that fits a width, line breaking. */

export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The site's fonts, then the generic family (the browsers we serve have a CJK sans-serif). */
export const FONT = `font-family="'PingFang SC','Microsoft YaHei',sans-serif"`;

/** Lightens (positive) or darkens (negative) a colour `rrggbb` by an amount per channel. */
export const shade = (hex: string, amount: number) => {
  const n = parseInt(hex, 16);
  const ch = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + amount));
  return ((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0');
};

/** Mixes two colours: 0 gives `a`, 1 gives `b`. */
export const mix = (a: string, b: string, t: number) => {
  const x = parseInt(a, 16);
  const y = parseInt(b, 16);
  const ch = (shift: number) => Math.round(((x >> shift) & 255) * (1 - t) + ((y >> shift) & 255) * t);
  return ((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0');
};

/** A stable number from a text, for details that should differ between goods but never between requests. */
export const hashOf = (s: string) => {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
};

/** Width of a text in ems: CJK and full-width signs one em, Latin letters and digits about half. */
const ems = (s: string) => [...s].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? 1 : /[A-Z@%MW]/.test(ch) ? 0.66 : 0.54), 0);

/**
 * A `<text>` that keeps within `width`: the size shrinks from `size` down to `min`, and below that the
 * glyphs are squeezed (as narrow type on a crowded box is).
 */
export function fitText(
  s: string,
  o: { x: number; y: number; width: number; size: number; min?: number; fill?: string; weight?: number; anchor?: 'middle' | 'end'; extra?: string },
) {
  const w = ems(s) || 1;
  const size = Math.max(o.min ?? o.size, Math.min(o.size, Math.floor(o.width / w)));
  const squeeze = w * size > o.width ? ` textLength="${o.width}" lengthAdjust="spacingAndGlyphs"` : '';
  const attrs = [
    `x="${o.x}" y="${o.y}" font-size="${size}"`,
    o.fill ? `fill="#${o.fill}"` : '',
    o.weight ? `font-weight="${o.weight}"` : '',
    o.anchor ? `text-anchor="${o.anchor}"` : '',
    o.extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<text ${attrs}${squeeze}>${escapeXml(s)}</text>`;
}

/**
 * Splits a name into lines of at most `width` characters, as even as possible: 枸橼酸莫沙必利片 reads
 * 枸橼酸莫 / 沙必利片, not 枸橼酸莫沙必利 / 片.
 */
export function lines(text: string, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > 1 && words.every((w) => [...w].length <= width)) return words;
  const chars = [...text];
  if (!chars.length) return [''];
  const count = Math.ceil(chars.length / width);
  const per = Math.ceil(chars.length / count);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += per) out.push(chars.slice(i, i + per).join(''));
  return out;
}

/** Rounds to one decimal so the markup stays short. */
export const r1 = (n: number) => Math.round(n * 10) / 10;
