/**
 * Drawn banners, composed per activity: the activity's palette and ornaments (lanterns for 年终采购节, a
 * lightning bolt for 秒杀, a truck for 包邮, mountains for 中药 ...), its title and sub-title, and small
 * packshots of goods standing on a podium. Each ad position has its own shape and text sizes, drawn at the
 * size the pages show it.
 */
import type { BannerTheme, PackForm } from '../../../core/schemas/drawings.js';
import { packScene, PACK_DEFS } from './packshots.js';
import { escapeXml, fitText, FONT, mix, r1, shade } from './svg.js';

export type BannerLayout = 'carousel' | 'strip' | 'hero' | 'wide' | 'tile' | 'side';

/** Which drawing an ad position uses: its place on the page decides the shape. */
export function layoutOf(position: string): BannerLayout {
  if (position === 'top') return 'strip';
  if (position === 'login') return 'hero';
  if (['yx', 'zyzq', 'qxzq', 'jxqzc', 'kxzq', 'ppzq', 'new_kxzq', 'mrtj', 'welfare', 'zhzq', 'hb', 'brand'].includes(position)) return 'wide';
  if (position === 'tile') return 'tile';
  if (['right', 'xrtj', 'kxzq_ad', 'floor'].includes(position)) return 'side';
  return 'carousel';
}

type Palette = { from: string; to: string; accent: string; ink: string; tag: string };

/** Each theme's colours from the banner's own colour `c`: the background runs from `from` to `to`. */
function paletteOf(theme: BannerTheme, c: string): Palette {
  switch (theme) {
    case 'festival':
      return { from: shade(c, 10), to: shade(c, -70), accent: 'ffd66b', ink: 'b3121d', tag: '年终盛典' };
    case 'flash':
      return { from: 'ff8a1f', to: 'f0401d', accent: 'fff06a', ink: 'e8401c', tag: '限时秒杀' };
    case 'new':
      return { from: '14b8a6', to: '2563eb', accent: 'ffffff', ink: '0f766e', tag: '新品上市' };
    case 'brand':
      return { from: shade(c, 20), to: shade(c, -60), accent: 'f5d48a', ink: shade(c, -30), tag: '品牌直供' };
    case 'ship':
      return { from: '14b8a6', to: '0e7490', accent: 'fff3b0', ink: '0e7490', tag: '满件包邮' };
    case 'tcm':
      return { from: '3f9d5a', to: '1e5e3a', accent: 'f2e2b3', ink: '1e5e3a', tag: '道地药材' };
    case 'device':
      return { from: '3b82f6', to: '1e40af', accent: 'ffffff', ink: '1e40af', tag: '器械专区' };
    case 'coupon':
      return { from: 'ff7a45', to: 'e4393c', accent: 'fff1b8', ink: 'd4380d', tag: '领券立减' };
    case 'discount':
      return { from: 'ffa940', to: 'e8590c', accent: 'fff7d6', ink: 'd9480f', tag: '福利日' };
    case 'expiry':
      return { from: '2bb3a3', to: '0f6e66', accent: 'ffe58f', ink: '0f6e66', tag: '清仓特惠' };
    case 'control':
      return { from: mix(c, '46607c', 0.55), to: mix(c, '1f2d3d', 0.75), accent: 'f6c560', ink: '1f2d3d', tag: '签约专享' };
    case 'daily':
      return { from: 'ff5a4e', to: 'c81623', accent: 'ffe27a', ink: 'c81623', tag: '天天低价' };
    case 'welcome':
      return { from: shade(c, 16), to: shade(c, -56), accent: 'ffe27a', ink: shade(c, -20), tag: '新客专享' };
    default:
      return { from: c, to: shade(c, -50), accent: 'ffffff', ink: c, tag: '' };
  }
}

/** The theme's emblem, drawn in a 64×64 box from the origin. */
function emblem(theme: BannerTheme, p: Palette) {
  const a = `#${p.accent}`;
  switch (theme) {
    case 'festival':
      // A lantern.
      return `<path d="M32 0v8" stroke="${a}" stroke-width="2"/><rect x="22" y="6" width="20" height="6" rx="2" fill="${a}"/><ellipse cx="32" cy="32" rx="26" ry="21" fill="#e0201b" stroke="${a}" stroke-width="2"/><path d="M32 11c-9 6-9 36 0 42M32 11c9 6 9 36 0 42M14 24c8 3 28 3 36 0M14 40c8-3 28-3 36 0" stroke="${a}" stroke-width="1.6" fill="none" opacity=".8"/><rect x="22" y="51" width="20" height="6" rx="2" fill="${a}"/><path d="M28 57v7M32 57v9M36 57v7" stroke="${a}" stroke-width="2"/>`;
    case 'flash':
      return `<path d="M38 0 10 36h18l-6 28 30-40H34z" fill="${a}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>`;
    case 'new':
      return `<path d="M32 0l7 10 12-3 1 12 11 5-6 10 6 10-11 5-1 12-12-3-7 10-7-10-12 3-1-12-11-5 6-10-6-10 11-5 1-12 12 3z" fill="#ffd84d"/><text x="32" y="38" font-size="15" font-weight="700" fill="#0f766e" text-anchor="middle" font-family="Arial,sans-serif">NEW</text>`;
    case 'brand':
      return `<path d="M6 48 2 16l16 12L32 6l14 22 16-12-4 32z" fill="${a}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><rect x="6" y="52" width="52" height="8" rx="2" fill="${a}"/><circle cx="32" cy="34" r="5" fill="#fff"/>`;
    case 'ship':
      return `<path d="M2 16h36v30H2zM38 26h14l10 12v8H38z" fill="#fff"/><path d="M42 29h9l6 8H42z" fill="#${p.to}" opacity=".5"/><circle cx="14" cy="48" r="7" fill="#${p.ink}" stroke="#fff" stroke-width="3"/><circle cx="50" cy="48" r="7" fill="#${p.ink}" stroke="#fff" stroke-width="3"/><text x="20" y="36" font-size="13" font-weight="700" fill="#${p.ink}" text-anchor="middle">包邮</text>`;
    case 'tcm':
      return `<path d="M32 62V24M32 34C18 34 8 24 8 8c16 0 24 10 24 26zm0 10c14 0 24-10 24-26-16 0-24 10-24 26z" fill="${a}" stroke="${a}" stroke-width="2"/>`;
    case 'device':
      return `<rect x="4" y="4" width="56" height="56" rx="14" fill="#fff"/><path d="M24 14h16v10h10v16H40v10H24V40H14V24h10z" fill="#ef4444"/>`;
    case 'coupon':
      return `<path d="M2 14h60v12a6 6 0 0 0 0 12v12H2V38a6 6 0 0 0 0-12z" fill="${a}"/><path d="M42 16v32" stroke="#${p.ink}" stroke-dasharray="3 3"/><text x="22" y="40" font-size="20" font-weight="700" fill="#${p.ink}" text-anchor="middle">¥</text>`;
    case 'discount':
      return `<path d="M4 30 30 4h28v28L32 58z" fill="${a}"/><circle cx="48" cy="16" r="5" fill="#${p.ink}"/><text x="30" y="40" font-size="17" font-weight="700" fill="#${p.ink}" text-anchor="middle" transform="rotate(-45 30 34)">折</text>`;
    case 'expiry':
      return `<circle cx="32" cy="34" r="26" fill="#fff"/><circle cx="32" cy="34" r="21" fill="none" stroke="#${p.ink}" stroke-width="3"/><path d="M32 20v14l10 7" stroke="#${p.ink}" stroke-width="4" stroke-linecap="round" fill="none"/><rect x="26" y="2" width="12" height="7" rx="2" fill="#fff"/>`;
    case 'control':
      return `<path d="M32 2 58 12v18c0 16-12 28-26 32C18 58 6 46 6 30V12z" fill="${a}"/><path d="M20 32l9 9 16-18" stroke="#${p.ink}" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'daily':
      return `<path d="M6 6h28l26 26-28 28L6 34z" fill="${a}"/><circle cx="18" cy="18" r="5" fill="#${p.ink}"/><text x="34" y="44" font-size="20" font-weight="700" fill="#${p.ink}" text-anchor="middle">¥</text>`;
    case 'welcome':
      return `<rect x="6" y="26" width="52" height="34" rx="3" fill="${a}"/><rect x="2" y="16" width="60" height="12" rx="3" fill="#fff"/><path d="M32 16v44" stroke="#${p.ink}" stroke-width="6"/><path d="M32 16c-8-14-22-10-16 0zm0 0c8-14 22-10 16 0z" fill="#fff"/>`;
    default:
      return `<circle cx="32" cy="32" r="28" fill="#fff" opacity=".9"/><path d="M24 14h16v10h10v16H40v10H24V40H14V24h10z" fill="#${p.ink}"/>`;
  }
}

const place = (svg: string, x: number, y: number, size: number) =>
  `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1((size / 64) * 100) / 100})">${svg}</g>`;

/** The theme's scenery over a `w`×`h` background, behind everything else. */
function scenery(theme: BannerTheme, p: Palette, w: number, h: number) {
  const a = `#${p.accent}`;
  const soft = `<circle cx="${r1(w * 0.82)}" cy="${r1(h * 0.1)}" r="${r1(h * 0.55)}" fill="#fff" opacity=".07"/><circle cx="${r1(w * 0.96)}" cy="${r1(h * 0.95)}" r="${r1(h * 0.4)}" fill="#fff" opacity=".06"/>`;
  switch (theme) {
    case 'festival': {
      // Gold confetti and arcs.
      const dots = [0.08, 0.3, 0.47, 0.62, 0.9]
        .map((f, i) => `<circle cx="${r1(w * f)}" cy="${r1(h * (0.12 + ((i * 37) % 70) / 100))}" r="${2 + (i % 3)}" fill="${a}" opacity=".8"/>`)
        .join('');
      return `${soft}<path d="M0 ${r1(h * 0.86)}Q${r1(w * 0.5)} ${r1(h * 0.6)} ${w} ${r1(h * 0.9)}" stroke="${a}" stroke-width="2" fill="none" opacity=".45"/><path d="M0 ${r1(h * 0.93)}Q${r1(w * 0.5)} ${r1(h * 0.7)} ${w} ${r1(h * 0.97)}" stroke="${a}" stroke-width="1" fill="none" opacity=".35"/>${dots}`;
    }
    case 'flash':
      return `${soft}${[0.18, 0.34, 0.5, 0.66]
        .map(
          (f, i) =>
            `<path d="M${r1(w * (0.52 + i * 0.03))} ${r1(h * f)}h${r1(w * 0.16)}" stroke="#fff" stroke-width="${3 - (i % 2)}" stroke-linecap="round" opacity=".35"/>`,
        )
        .join('')}`;
    case 'new':
      return `${soft}${[0.12, 0.4, 0.58, 0.74]
        .map(
          (f, i) =>
            `<circle cx="${r1(w * f)}" cy="${r1(h * (0.2 + ((i * 29) % 60) / 100))}" r="${r1(h * (0.03 + (i % 3) * 0.02))}" fill="none" stroke="#fff" stroke-width="2" opacity=".4"/>`,
        )
        .join('')}`;
    case 'brand':
    case 'daily': {
      const cx = w * 0.78;
      const cy = h * 0.9;
      const rays = Array.from({ length: 9 }, (_, i) => {
        const t1 = Math.PI + (i * Math.PI) / 9;
        const t2 = t1 + Math.PI / 18;
        const r = Math.max(w, h);
        return `M${r1(cx)} ${r1(cy)}L${r1(cx + r * Math.cos(t1))} ${r1(cy + r * Math.sin(t1))}L${r1(cx + r * Math.cos(t2))} ${r1(cy + r * Math.sin(t2))}z`;
      }).join('');
      return `<path d="${rays}" fill="#fff" opacity=".07"/>${soft}`;
    }
    case 'ship':
      return `${soft}<path d="M0 ${r1(h * 0.92)}H${w}" stroke="#fff" stroke-width="${r1(h * 0.02)}" stroke-dasharray="${r1(w * 0.03)} ${r1(w * 0.02)}" opacity=".35"/>`;
    case 'tcm':
      return `<path d="M0 ${h}V${r1(h * 0.72)}Q${r1(w * 0.12)} ${r1(h * 0.5)} ${r1(w * 0.25)} ${r1(h * 0.7)}T${r1(w * 0.5)} ${r1(h * 0.66)}T${r1(w * 0.75)} ${r1(h * 0.6)}T${w} ${r1(h * 0.7)}V${h}z" fill="#fff" opacity=".08"/><path d="M0 ${h}V${r1(h * 0.84)}Q${r1(w * 0.2)} ${r1(h * 0.7)} ${r1(w * 0.4)} ${r1(h * 0.84)}T${r1(w * 0.8)} ${r1(h * 0.8)}T${w} ${r1(h * 0.86)}V${h}z" fill="#000" opacity=".1"/><circle cx="${r1(w * 0.86)}" cy="${r1(h * 0.2)}" r="${r1(h * 0.12)}" fill="${a}" opacity=".35"/>`;
    case 'device':
      return `${soft}<path d="M0 ${r1(h * 0.78)}H${r1(w * 0.3)}l${r1(w * 0.02)} -${r1(h * 0.16)} ${r1(w * 0.025)} ${r1(h * 0.3)} ${r1(w * 0.02)} -${r1(h * 0.22)} ${r1(w * 0.015)} ${r1(h * 0.08)}H${w}" stroke="#fff" stroke-width="3" fill="none" opacity=".3"/>`;
    default:
      return soft;
  }
}

/** What a banner's pack of each form says when the query names none. */
const SAMPLE: Record<PackForm, string> = {
  box: '消痛贴膏',
  tablet: '维生素C片',
  capsule: '阿莫西林胶囊',
  granule: '板蓝根颗粒',
  bottle: '急支糖浆',
  vial: '双黄连口服液',
  dropper: '珍珠明目滴眼液',
  tube: '红霉素软膏',
  spray: '鼻喷雾剂',
  bag: '黄芪',
  jar: '鱼油软胶囊',
  thermometer: '电子体温计',
  monitor: '电子血压计',
  mask: '医用外科口罩',
  device: '医用棉签',
};
const PACK_COLOURS = ['2f6db5', '1f9d55', 'e67e22', '8e44ad'];

/**
 * Small packshots on a podium: the packs `forms` side by side, `size` px each, their feet on a line at
 * (cx, foot). The middle one stands in front.
 */
function podium(forms: PackForm[], names: string[], cx: number, foot: number, size: number, p: Palette) {
  if (!forms.length) return '';
  const k = size / 400;
  const step = size * 0.56;
  const order = forms.map((f, i) => ({ f, i, x: cx + (i - (forms.length - 1) / 2) * step }));
  const drawOrder = [...order].sort((a, b) => Math.abs(b.i - (forms.length - 1) / 2) - Math.abs(a.i - (forms.length - 1) / 2));
  const packs = drawOrder
    .map(({ f, i, x }) => {
      const pack = { name: names[i] || SAMPLE[f], maker: '', spec: '', colour: PACK_COLOURS[i % PACK_COLOURS.length], form: f, cls: 'none' as const };
      return `<g transform="translate(${r1(x - size * 0.47)} ${r1(foot - 344 * k)}) scale(${r1(k * 1000) / 1000})">${packScene(pack)}</g>`;
    })
    .join('');
  const rx = r1(((forms.length - 1) * step) / 2 + size * 0.42);
  return `<ellipse cx="${r1(cx)}" cy="${r1(foot + 4)}" rx="${rx}" ry="${r1(size * 0.09)}" fill="#${shade(p.to, -25)}" opacity=".5"/><ellipse cx="${r1(cx)}" cy="${r1(foot - 2)}" rx="${rx}" ry="${r1(size * 0.08)}" fill="#${mix(p.accent, 'ffffff', 0.4)}" opacity=".9"/>${packs}`;
}

/** The title: its first word large, the rest in a highlighted pill beneath. */
function titleBlock(title: string, sub: string, p: Palette, o: { x: number; y: number; width: number; size: number; anchor?: 'middle' }) {
  const [head, ...rest] = title.split(/\s+/).filter(Boolean);
  const tail = rest.join(' ');
  const anchor = o.anchor;
  let svg = fitText(head ?? '', {
    x: o.x,
    y: o.y,
    width: o.width,
    size: o.size,
    min: Math.round(o.size * 0.6),
    fill: 'fff',
    weight: 700,
    anchor,
    extra: 'letter-spacing="2"',
  });
  let y = o.y;
  if (tail) {
    const ts = Math.round(o.size * 0.62);
    const tw = Math.min(o.width, Math.round(tail.length * ts * 0.78 + ts));
    const tx = anchor === 'middle' ? o.x - tw / 2 : o.x;
    y += Math.round(ts * 1.55);
    svg += `<rect x="${r1(tx)}" y="${r1(y - ts * 1.05)}" width="${tw}" height="${r1(ts * 1.4)}" rx="${r1(ts * 0.7)}" fill="#${p.accent}"/>${fitText(tail, { x: r1(tx + tw / 2), y: r1(y - ts * 0.02), width: tw - ts * 0.8, size: ts, min: 10, fill: p.ink, weight: 700, anchor: 'middle' })}`;
  }
  if (sub) {
    const ss = Math.max(12, Math.round(o.size * 0.4));
    y += Math.round(ss * 1.9);
    svg += fitText(sub, { x: o.x, y, width: o.width, size: ss, min: 10, fill: 'fff', anchor, extra: 'opacity=".94"' });
  }
  return { svg, bottom: y };
}

/** A pill of the theme's tag (年终盛典, 限时秒杀 ...) over the title. */
const tagPill = (p: Palette, x: number, y: number, size: number) =>
  p.tag
    ? `<rect x="${x}" y="${r1(y - size * 1.2)}" width="${r1(p.tag.length * size + size * 1.2)}" height="${r1(size * 1.6)}" rx="${r1(size * 0.8)}" fill="#000" opacity=".18"/><text x="${r1(x + size * 0.6)}" y="${r1(y)}" font-size="${size}" fill="#${p.accent}" font-weight="700">${escapeXml(p.tag)}</text>`
    : '';

/** The call to action, an accent pill. */
const button = (label: string, p: Palette, x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="#${p.accent}"/><text x="${x + w / 2}" y="${r1(y + h * 0.68)}" font-size="${r1(h * 0.45)}" fill="#${p.ink}" text-anchor="middle" font-weight="700">${label}</text>`;

function frame(w: number, h: number, p: Palette, body: string, defs = '', extra = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" ${FONT}${extra}><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${p.from}"/><stop offset="1" stop-color="#${p.to}"/></linearGradient>${defs}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>${body}</svg>`;
}

export type Banner = { title: string; sub: string; colour: string; layout: BannerLayout; theme: BannerTheme; goods: PackForm[]; names: string[] };

/**
 * A promotional picture: the home carousel (780×380), the header strip (1200×80), the login backdrop
 * (1920×500), a zone's wide banner (1200×200), an activity entrance tile (190×100) or a side picture (230×420).
 */
export function bannerSvg(b: Banner) {
  const p = paletteOf(b.theme, b.colour);
  const goods = b.goods;
  const packs = (n: number, cx: number, foot: number, size: number) => podium(goods.slice(0, n), b.names, cx, foot, size, p);
  const defs = goods.length ? PACK_DEFS : '';
  const mark = (x: number, y: number, size: number) => place(emblem(b.theme, p), x, y, size);
  switch (b.layout) {
    case 'tile': {
      const t = fitText(b.title, { x: 14, y: 44, width: goods.length ? 110 : 118, size: 24, min: 15, fill: 'fff', weight: 700 });
      const s = fitText(b.sub, { x: 14, y: 72, width: goods.length ? 104 : 116, size: 13, min: 10, fill: 'fff', extra: 'opacity=".94"' });
      const art = goods.length ? packs(1, 160, 88, 84) : mark(132, 24, 50);
      return frame(190, 100, p, `${scenery(b.theme, p, 190, 100)}${art}${t}${s}`, defs);
    }
    case 'side': {
      // One word a line, three at most: the packs and the button take the lower half.
      const words = b.title.split(/\s+/).filter(Boolean);
      const shown = words.length > 3 ? [...words.slice(0, 2), words.slice(2).join(' ')] : words;
      const title = shown.map((l, i) => fitText(l, { x: 22, y: 84 + i * 38, width: 186, size: 32, min: 14, fill: i ? p.accent : 'fff', weight: 700 })).join('');
      const subY = 84 + Math.max(1, shown.length) * 38 + 4;
      return frame(
        230,
        420,
        p,
        `${scenery(b.theme, p, 230, 420)}${mark(160, 14, 52)}${tagPill(p, 22, 40, 13)}${title}${fitText(b.sub, { x: 22, y: subY, width: 186, size: 16, min: 11, fill: 'fff', extra: 'opacity=".94"' })}
${packs(2, 115, 336, 150)}${button('去看看 ›', p, 22, 360, 120, 38)}`,
        defs,
      );
    }
    case 'wide': {
      const text = titleBlock(b.title, b.sub, p, { x: 120, y: 92, width: 560, size: 46 });
      return frame(
        1200,
        200,
        p,
        `${scenery(b.theme, p, 1200, 200)}${mark(30, 50, 72)}${tagPill(p, 120, 40, 15)}${text.svg}${packs(3, 930, 180, 168)}${goods.length ? '' : mark(960, 40, 120)}`,
        defs,
      );
    }
    case 'strip': {
      const t = fitText(b.title, { x: 600, y: 48, width: 520, size: 30, min: 18, fill: 'fff', weight: 700, anchor: 'middle' });
      const s = fitText(b.sub, { x: 600, y: 72, width: 520, size: 15, min: 11, fill: p.accent, anchor: 'middle' });
      return frame(1200, 80, p, `${scenery(b.theme, p, 1200, 80)}${mark(250, 10, 60)}${mark(890, 10, 60)}${packs(2, 1040, 76, 72)}${t}${s}`, defs);
    }
    case 'hero': {
      // The login page's backdrop: the text sits left of the centred 1200 px column's login box.
      const text = titleBlock(b.title, b.sub, p, { x: 400, y: 200, width: 640, size: 52 });
      return frame(
        1920,
        500,
        p,
        `${scenery(b.theme, p, 1920, 500)}${tagPill(p, 400, 130, 20)}${text.svg}${packs(3, 900, 460, 200)}${mark(1700, 60, 130)}`,
        defs,
        ' preserveAspectRatio="xMidYMid slice"',
      );
    }
    default: {
      const text = titleBlock(b.title, b.sub, p, { x: 48, y: 160, width: 340, size: 52 });
      return frame(
        780,
        380,
        p,
        `${scenery(b.theme, p, 780, 380)}${mark(676, 26, 76)}${tagPill(p, 48, 88, 17)}${text.svg}${button('立即抢购 ›', p, 48, Math.min(304, text.bottom + 30), 156, 44)}
${goods.length ? packs(3, 568, 336, 210) : mark(480, 100, 190)}`,
        defs,
      );
    }
  }
}
