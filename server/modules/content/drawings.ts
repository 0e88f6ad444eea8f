/**
 * Simple SVG drawings the seed's brands, category icons and licences point at, so that demo data has real
 * pictures without shipping image files (goods in packshots.ts, banners in banners.ts). An operator's uploads
 * replace them.
 */

import { escapeXml, FONT } from './svg.js';

export { lines } from './svg.js';

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
