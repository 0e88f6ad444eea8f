/**
 * Simple SVG drawings the seed's goods, banners, brands and icons point at, so that demo data has real
 * pictures without shipping image files. An operator's uploads replace them.
 */

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const FONT = "font-family=\"'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif\"";

const shade = (hex: string, amount: number) => {
  const n = parseInt(hex, 16);
  const ch = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + amount));
  return ((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0');
};

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

/** A medicine box seen from the front (view 0), at an angle (1) or from the back with the insert text (2). */
export function goodsSvg(p: { name: string; maker: string; spec: string; colour: string; view: number }) {
  const c = p.colour;
  const nameLines = lines(p.name, 7);
  const nameSize = nameLines.length > 1 ? 26 : 30;
  const title = nameLines
    .map(
      (l, i) =>
        `<text x="200" y="${176 + i * (nameSize + 6)}" font-size="${nameSize}" font-weight="700" fill="#222" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join('');
  const face =
    p.view === 2
      ? `<rect x="60" y="70" width="280" height="260" rx="6" fill="#fff" stroke="#ddd"/>
         <text x="80" y="110" font-size="18" fill="#333" font-weight="700">【药品名称】${escapeXml(p.name)}</text>
         <text x="80" y="145" font-size="16" fill="#555">【规格】${escapeXml(p.spec)}</text>
         <text x="80" y="175" font-size="16" fill="#555">【生产企业】${escapeXml(p.maker)}</text>
         <rect x="80" y="200" width="240" height="8" fill="#eee"/><rect x="80" y="220" width="200" height="8" fill="#eee"/>
         <rect x="80" y="240" width="220" height="8" fill="#eee"/><rect x="80" y="260" width="160" height="8" fill="#eee"/>
         <rect x="80" y="290" width="120" height="24" fill="#${c}" opacity=".15"/>`
      : `<g ${p.view === 1 ? 'transform="skewY(-6) translate(0 22)"' : ''}>
         <rect x="50" y="70" width="300" height="260" rx="8" fill="#fff" stroke="#${shade(c, -30)}" stroke-width="2"/>
         <rect x="50" y="70" width="300" height="56" rx="8" fill="#${c}"/><rect x="50" y="110" width="300" height="16" fill="#${c}"/>
         <text x="70" y="106" font-size="20" fill="#fff" font-weight="700">${escapeXml(p.maker)}</text>
         ${title}
         <text x="200" y="${196 + nameLines.length * (nameSize + 6)}" font-size="20" fill="#666" text-anchor="middle">${escapeXml(p.spec)}</text>
         <rect x="50" y="290" width="300" height="40" fill="#${shade(c, 150)}"/>
         <path d="M50 290 Q200 262 350 290" fill="#${c}" opacity=".18"/>
         ${p.view === 1 ? `<path d="M350 70 L378 56 L378 316 L350 330Z" fill="#${shade(c, -40)}"/>` : ''}
         </g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" ${FONT}>
<rect width="400" height="400" fill="#f7f8fa"/><ellipse cx="200" cy="350" rx="160" ry="14" fill="#000" opacity=".06"/>${face}</svg>`;
}

export type BannerLayout = 'carousel' | 'strip' | 'hero' | 'wide' | 'tile' | 'side';

/** Which drawing an ad position uses: its place on the page decides the shape. */
export function layoutOf(position: string): BannerLayout {
  if (position === 'top') return 'strip';
  if (position === 'login') return 'hero';
  if (['yx', 'zyzq', 'qxzq', 'jxqzc', 'kxzq', 'ppzq', 'new_kxzq', 'mrtj', 'brand'].includes(position)) return 'wide';
  if (position === 'tile') return 'tile';
  if (['right', 'xrtj', 'kxzq_ad', 'floor'].includes(position)) return 'side';
  return 'carousel';
}

/**
 * A promotional picture: the home carousel (790×340), the header strip, the login backdrop, a zone's
 * wide banner (1200×200), an activity entrance tile (190×100) or a tall side picture (230×420).
 */
export function bannerSvg(p: { title: string; sub: string; colour: string; layout: BannerLayout }) {
  const c = p.colour;
  if (p.layout === 'wide') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 200" width="1200" height="200" ${FONT}>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${c}"/><stop offset="1" stop-color="#${shade(c, -45)}"/></linearGradient></defs>
<rect width="1200" height="200" fill="url(#g)"/><circle cx="1050" cy="30" r="160" fill="#fff" opacity=".07"/><circle cx="930" cy="210" r="90" fill="#fff" opacity=".06"/>
<rect x="880" y="50" width="120" height="100" rx="10" fill="#fff" opacity=".9"/><rect x="900" y="92" width="80" height="9" rx="4" fill="#${c}" opacity=".5"/><rect x="900" y="112" width="56" height="9" rx="4" fill="#${c}" opacity=".3"/>
<text x="120" y="100" font-size="46" font-weight="700" fill="#fff">${escapeXml(p.title)}</text>
<text x="120" y="148" font-size="22" fill="#fff" opacity=".92">${escapeXml(p.sub)}</text></svg>`;
  }
  if (p.layout === 'tile') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 190 100" width="190" height="100" ${FONT}>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${shade(c, 20)}"/><stop offset="1" stop-color="#${shade(c, -35)}"/></linearGradient></defs>
<rect width="190" height="100" fill="url(#g)"/><circle cx="160" cy="78" r="46" fill="#fff" opacity=".12"/>
<text x="16" y="44" font-size="24" font-weight="700" fill="#fff">${escapeXml(p.title)}</text>
<text x="16" y="72" font-size="13" fill="#fff" opacity=".92">${escapeXml(p.sub)}</text></svg>`;
  }
  if (p.layout === 'side') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 230 420" width="230" height="420" ${FONT}>
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#${c}"/><stop offset="1" stop-color="#${shade(c, -50)}"/></linearGradient></defs>
<rect width="230" height="420" fill="url(#g)"/><circle cx="190" cy="40" r="80" fill="#fff" opacity=".08"/><circle cx="30" cy="380" r="70" fill="#fff" opacity=".06"/>
${lines(p.title, 7)
  .map((l, i) => `<text x="24" y="${96 + i * 40}" font-size="30" font-weight="700" fill="#fff">${escapeXml(l)}</text>`)
  .join('')}
${lines(p.sub, 11)
  .map((l, i) => `<text x="24" y="${200 + i * 26}" font-size="16" fill="#fff" opacity=".92">${escapeXml(l)}</text>`)
  .join('')}
<rect x="24" y="340" width="110" height="36" rx="18" fill="#fff"/><text x="79" y="364" font-size="16" fill="#${c}" text-anchor="middle" font-weight="700">去看看 ›</text></svg>`;
  }
  const [w, h] = p.layout === 'strip' ? [1200, 80] : p.layout === 'hero' ? [1920, 500] : [790, 340];
  if (p.layout === 'hero') {
    // The login page's backdrop: the text sits left of the centred 1200 px column's login box.
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" ${FONT} preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${c}"/><stop offset="1" stop-color="#${shade(c, -50)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="1500" cy="60" r="260" fill="#fff" opacity=".06"/><circle cx="1750" cy="420" r="200" fill="#fff" opacity=".05"/>
<text x="400" y="220" font-size="52" font-weight="700" fill="#fff">${escapeXml(p.title)}</text>
<text x="400" y="290" font-size="26" fill="#fff" opacity=".9">${escapeXml(p.sub)}</text></svg>`;
  }
  if (p.layout === 'strip') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" ${FONT}>
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#${c}"/><stop offset="1" stop-color="#${shade(c, 40)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="1100" cy="10" r="90" fill="#fff" opacity=".08"/>
<text x="600" y="50" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(p.title)}<tspan font-size="18" font-weight="400" dx="24">${escapeXml(p.sub)}</tspan></text></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" ${FONT}>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${c}"/><stop offset="1" stop-color="#${shade(c, -50)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="680" cy="80" r="150" fill="#fff" opacity=".07"/><circle cx="730" cy="300" r="110" fill="#fff" opacity=".06"/>
<rect x="600" y="120" width="130" height="110" rx="10" fill="#fff" opacity=".9"/><rect x="600" y="120" width="130" height="32" rx="10" fill="#fff"/>
<rect x="622" y="166" width="86" height="10" rx="5" fill="#${c}" opacity=".5"/><rect x="622" y="188" width="60" height="10" rx="5" fill="#${c}" opacity=".3"/>
<text x="60" y="150" font-size="${p.title.length > 10 ? 38 : 44}" font-weight="700" fill="#fff">${escapeXml(p.title)}</text>
<text x="60" y="205" font-size="22" fill="#fff" opacity=".92">${escapeXml(p.sub)}</text>
<rect x="60" y="240" width="150" height="44" rx="22" fill="#fff"/><text x="135" y="269" font-size="20" fill="#${c}" text-anchor="middle" font-weight="700">立即抢购 ›</text></svg>`;
}

export function brandSvg(p: { name: string; colour: string }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 90" width="200" height="90" ${FONT}>
<rect width="200" height="90" fill="#fff"/><rect x="6" y="6" width="188" height="78" rx="6" fill="none" stroke="#${p.colour}" stroke-opacity=".35"/>
<text x="100" y="56" font-size="${p.name.length > 4 ? 22 : 28}" font-weight="700" fill="#${p.colour}" text-anchor="middle">${escapeXml(p.name)}</text></svg>`;
}

const ICONS: Record<string, string> = {
  pill: '<rect x="6" y="10" width="20" height="12" rx="6" transform="rotate(-35 16 16)"/><path d="M12 8 L20 24" stroke="#fff" stroke-width="2"/>',
  lung: '<path d="M15 6v10M15 14c-3-4-9-3-9 6 0 4 4 5 8 3zM17 14c3-4 9-3 9 6 0 4-4 5-8 3z"/>',
  thermo: '<rect x="13" y="4" width="6" height="18" rx="3"/><circle cx="16" cy="24" r="5"/>',
  stomach: '<path d="M10 5c0 8 2 10 8 10 6 0 9 4 7 9-2 5-12 5-15-1-2-4 0-8 0-18z"/>',
  heart: '<path d="M16 27 5 16a6 6 0 0 1 11-8 6 6 0 0 1 11 8z"/>',
  drop: '<path d="M16 4c5 8 9 12 9 17a9 9 0 0 1-18 0c0-5 4-9 9-17z"/>',
  leaf: '<path d="M6 26C6 12 14 6 27 5c0 13-7 21-21 21zM8 24 20 12" stroke="#fff" stroke-width="1.5"/>',
  vit: '<circle cx="16" cy="16" r="11"/><text x="16" y="21" font-size="13" fill="#fff" text-anchor="middle" font-family="sans-serif" font-weight="700">C</text>',
  eye: '<path d="M3 16c6-9 20-9 26 0-6 9-20 9-26 0z"/><circle cx="16" cy="16" r="4" fill="#fff"/>',
  device: '<rect x="5" y="8" width="22" height="16" rx="3"/><path d="M9 16h4l2-4 3 8 2-4h3" stroke="#fff" stroke-width="1.6" fill="none"/>',
  herb: '<path d="M16 28V12M16 16c-6 0-9-4-9-9 6 0 9 3 9 9zm0 4c6 0 9-4 9-9-6 0-9 3-9 9z"/>',
  gift: '<rect x="6" y="12" width="20" height="14" rx="2"/><rect x="4" y="9" width="24" height="5" rx="1"/><path d="M16 9v17" stroke="#fff" stroke-width="2"/>',
};

export function iconSvg(key: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" fill="#e4393c" stroke="#e4393c" stroke-width="0">${ICONS[key] ?? ICONS.pill}</svg>`;
}

/** A licence certificate placeholder for the demo accounts' licences. */
export function licenceSvg(p: { title: string; company: string }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 420 300" width="420" height="300" ${FONT}>
<rect width="420" height="300" fill="#fffdf6"/><rect x="12" y="12" width="396" height="276" fill="none" stroke="#c9a35a" stroke-width="4"/>
<rect x="22" y="22" width="376" height="256" fill="none" stroke="#c9a35a" stroke-width="1"/>
<text x="210" y="80" font-size="30" font-weight="700" fill="#a8322d" text-anchor="middle">${escapeXml(p.title)}</text>
<text x="60" y="140" font-size="16" fill="#333">名称：${escapeXml(p.company)}</text>
<rect x="60" y="160" width="240" height="8" fill="#eee"/><rect x="60" y="180" width="200" height="8" fill="#eee"/><rect x="60" y="200" width="220" height="8" fill="#eee"/>
<circle cx="330" cy="220" r="42" fill="none" stroke="#d0342c" stroke-width="3" opacity=".8"/>
<text x="330" y="226" font-size="14" fill="#d0342c" text-anchor="middle" opacity=".8">发证机关</text></svg>`;
}
