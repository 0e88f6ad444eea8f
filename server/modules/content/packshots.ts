/**
 * Drawn packshots of the demo goods, one look per dosage form: a carton with its blister strip, sachet, vials,
 * tube or device beside it, an amber bottle, an eye-drop bottle, a pouch of decoction pieces, a health-food jar.
 * The pack prints the name, specification and maker as real packaging does, with the class mark (处方药 Rx,
 * 甲类OTC red, 乙类OTC green, 保健食品 blue hat). Three views for the detail gallery: 0 the pack and what is in
 * it, 1 the pack alone at an angle, 2 its back with the label text.
 */
import type { PackClass, PackForm } from '../../../core/schemas/drawings.js';
import { escapeXml, fitText, FONT, hashOf, lines, mix, r1, shade } from './svg.js';

export type Pack = { name: string; maker: string; spec: string; colour: string; form: PackForm; cls: PackClass };

const INK = '1f2a37';

const DEVICES: PackForm[] = ['thermometer', 'monitor', 'mask', 'device'];
/** What a pack prints at its top right: its class, or 医疗器械 on a device. */
const markOf = (p: Pack) => (DEVICES.includes(p.form) ? 'device' : p.cls);

/** The class mark printed at the top right of a pack, centred on (x, y). */
function classMark(cls: PackClass | 'device', x: number, y: number) {
  if (cls === 'device') {
    return `<rect x="${x - 30}" y="${y - 11}" width="56" height="22" rx="11" fill="#fff" stroke="#1d6fd8" stroke-width="1.5"/><text x="${x - 2}" y="${y + 5}" font-size="12" fill="#1d6fd8" text-anchor="middle" font-weight="700">医疗器械</text>`;
  }
  if (cls === 'otc-a' || cls === 'otc-b') {
    const fill = cls === 'otc-a' ? 'e60012' : '00a041';
    return `<ellipse cx="${x}" cy="${y}" rx="21" ry="12" fill="#${fill}"/><text x="${x}" y="${y + 5}" font-size="14" font-weight="700" fill="#fff" text-anchor="middle" font-family="Arial,sans-serif" font-style="italic">OTC</text>`;
  }
  if (cls === 'rx') {
    return `<rect x="${x - 19}" y="${y - 12}" width="38" height="24" rx="3" fill="#fff" stroke="#d7000f" stroke-width="2"/><text x="${x}" y="${y + 6}" font-size="17" font-weight="700" fill="#d7000f" text-anchor="middle" font-family="Georgia,serif" font-style="italic">Rx</text>`;
  }
  if (cls === 'health') {
    // The blue hat every approved health food carries.
    return `<path d="M${x - 20} ${y + 1}q20 -9 40 0q-5 4 -20 4t-20-4z" fill="#1d8fd8"/><path d="M${x - 11} ${y - 1}q0-14 11-14t11 14z" fill="#1d8fd8"/><text x="${x}" y="${y + 16}" font-size="9" fill="#1d8fd8" text-anchor="middle">保健食品</text>`;
  }
  return '';
}

/** A round maker's logo with its first character, then the maker's name. */
const logoDot = (maker: string, colour: string, x: number, y: number) =>
  maker
    ? `<circle cx="${x + 9}" cy="${y}" r="9" fill="#${colour}"/><text x="${x + 9}" y="${y + 4}" font-size="11" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml([...maker][0])}</text>`
    : '';
const makerLogo = (maker: string, colour: string, x: number, y: number, width: number) =>
  maker ? logoDot(maker, colour, x, y) + fitText(maker, { x: x + 23, y: y + 4, width: width - 23, size: 12, min: 9, fill: '4b5563' }) : '';

/** Lines of the name, largest that fits, centred at `cx` from baseline `y`; answers the markup and its bottom. */
function nameBlock(name: string, cx: number, y: number, width: number, size: number, fill = INK, perLine = 6) {
  const ls = lines(name, perLine);
  const s = Math.min(size, ...ls.map((l) => Math.floor(width / Math.max(3, [...l].length))));
  const out = ls
    .slice(0, 3)
    .map((l, i) => fitText(l, { x: cx, y: y + i * (s + 4), width, size: s, min: 12, fill, weight: 700, anchor: 'middle' }))
    .join('');
  return { svg: out, bottom: y + (Math.min(3, ls.length) - 1) * (s + 4), size: s };
}

/** The printed front of a carton, `w`×`h` from the origin: stripe, logo, mark, name, specification, maker band. */
function cartonFront(p: Pack, w: number, h: number) {
  const c = p.colour;
  const name = nameBlock(p.name, w / 2, h * 0.4, w - 28, 30);
  const band = r1(h * 0.74);
  return `<rect width="${w}" height="${h}" fill="url(#f)"/><rect width="${w}" height="7" fill="#${c}"/>
${makerLogo(p.maker, c, 10, 26, w - 80)}${classMark(markOf(p), w - 28, 26)}
${name.svg}${fitText(p.spec, { x: w / 2, y: name.bottom + 28, width: w - 40, size: 16, min: 11, fill: '4b5563', anchor: 'middle' })}
<path d="M0 ${band}C${r1(w * 0.3)} ${r1(h * 0.66)} ${r1(w * 0.62)} ${r1(h * 0.86)} ${w} ${r1(h * 0.7)}V${h}H0z" fill="#${c}"/>
<path d="M0 ${r1(h * 0.8)}C${r1(w * 0.35)} ${r1(h * 0.72)} ${r1(w * 0.7)} ${r1(h * 0.9)} ${w} ${r1(h * 0.78)}V${h}H0z" fill="#${shade(c, -28)}" opacity=".55"/>
${fitText(p.maker, { x: w / 2, y: h - 13, width: w - 24, size: 15, min: 10, fill: 'fff', weight: 700, anchor: 'middle' })}
<rect width="${w}" height="${h}" fill="none" stroke="#${shade(c, -50)}" stroke-opacity=".25"/>`;
}

/** A carton's side, `d`×`h`: the brand colour with the name across it. */
function cartonSide(p: Pack, d: number, h: number, print: boolean) {
  const ls = print ? lines(p.name, 4).slice(0, 3) : [];
  return `<rect width="${d}" height="${h}" fill="#${shade(p.colour, -22)}"/><rect y="${r1(h * 0.16)}" width="${d}" height="${r1(h * 0.4)}" fill="#fff" opacity=".92"/>
${ls.map((l, i) => fitText(l, { x: d / 2, y: r1(h * 0.16 + 24 + i * 20), width: d - 10, size: 16, min: 8, fill: INK, weight: 700, anchor: 'middle' })).join('')}`;
}

/**
 * A carton in parallel projection: the front `w`×`h` at (x, y) leaning by `fy` per unit of width and drawn
 * `fx` wide, its side going (sx, sy) back. The side's print is laid out `d` wide and stretched to fit.
 */
function carton(p: Pack, o: { x: number; y: number; w: number; h: number; fx: number; fy: number; sx: number; sy: number }) {
  const d = 60;
  const x1 = r1(o.x + o.w * o.fx);
  const y1 = r1(o.y + o.w * o.fy);
  return `<g data-part="carton"><path d="M${o.x} ${o.y}L${x1} ${y1}l${o.sx} ${o.sy}L${r1(o.x + o.sx)} ${r1(o.y + o.sy)}z" fill="#${mix(p.colour, 'ffffff', 0.82)}" stroke="#${shade(p.colour, -40)}" stroke-opacity=".2"/>
<g transform="matrix(${r1((o.sx / d) * 1000) / 1000} ${r1((o.sy / d) * 1000) / 1000} 0 1 ${x1} ${y1})">${cartonSide(p, d, o.h, o.sx > 40)}</g>
<g transform="matrix(${o.fx} ${o.fy} 0 1 ${o.x} ${o.y})">${cartonFront(p, o.w, o.h)}</g></g>`;
}

/** The carton of view 0, standing left to leave room for what it holds. */
const cartonLeft = (p: Pack) => carton(p, { x: 30, y: 120, w: 224, h: 210, fx: 1, fy: 0, sx: 24, sy: -16 });

/** A blister strip `w`×`h` with tablets or capsules, rotated by `deg` about its centre. */
function blister(p: Pack, x: number, y: number, deg: number, capsule: boolean) {
  const w = 104;
  const h = 176;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 2; col++) {
      const cx = 30 + col * 44;
      const cy = 24 + row * 32;
      cells.push(
        capsule
          ? `<g transform="translate(${cx} ${cy}) rotate(90)"><rect x="-14" y="-8" width="28" height="16" rx="8" fill="#${p.colour}"/><path d="M0 -8h6a8 8 0 0 1 0 16h-6z" fill="#fff"/></g>`
          : `<circle cx="${cx}" cy="${cy}" r="12" fill="#fff" stroke="#d5d9de"/><path d="M${cx - 7} ${cy}h14" stroke="#e3e6ea" stroke-width="2"/>`,
      );
    }
  }
  return `<g data-part="blister" transform="translate(${x} ${y}) rotate(${deg} ${w / 2} ${h / 2})"><rect width="${w}" height="${h}" rx="8" fill="url(#foil)" stroke="#aab1ba"/>
${cells.join('')}<rect x="6" y="${h - 14}" width="${w - 12}" height="10" rx="2" fill="#${p.colour}" opacity=".75"/></g>`;
}

/** A sachet of granules or powder, crimped at both ends. */
function sachet(p: Pack, x: number, y: number, deg: number) {
  const zig = (yy: number) => Array.from({ length: 10 }, (_, i) => `l5 ${i % 2 ? -4 : 4}l5 ${i % 2 ? 4 : -4}`).join('') + `V${yy}`;
  const ls = lines(p.name, 4).slice(0, 3);
  return `<g data-part="sachet" transform="translate(${x} ${y}) rotate(${deg} 50 80)"><path d="M0 4${zig(156)}l-5 4${Array.from({ length: 9 }, (_, i) => `l-5 ${i % 2 ? 4 : -4}l-5 ${i % 2 ? -4 : 4}`).join('')}l-5 -4z" fill="#fff" stroke="#cfd4da"/>
<rect x="0" y="14" width="100" height="52" fill="#${p.colour}"/><rect x="0" y="120" width="100" height="26" fill="#${shade(p.colour, 120)}"/>
${ls.map((l, i) => fitText(l, { x: 50, y: 82 + i * 18, width: 84, size: 16, min: 9, fill: INK, weight: 700, anchor: 'middle' })).join('')}
${fitText(p.spec, { x: 50, y: 48, width: 84, size: 13, min: 8, fill: 'fff', anchor: 'middle' })}</g>`;
}

/** An amber glass bottle with a label, `k` times the size of a 100 ml bottle, its foot centred on (x, y). */
function amberBottle(p: Pack, x: number, y: number, k: number) {
  const ls = lines(p.name, 4).slice(0, 3);
  return `<g data-part="bottle" transform="translate(${x} ${y}) scale(${k})"><path d="M-22 -186h44v22c0 8 34 14 34 40v112q0 12-12 12h-88q-12 0-12-12v-112c0-26 34-32 34-40z" fill="url(#amb)"/>
<rect x="-25" y="-214" width="50" height="32" rx="4" fill="#${p.colour}"/><rect x="-25" y="-190" width="50" height="6" fill="#${shade(p.colour, -40)}"/>
<rect x="-52" y="-130" width="104" height="110" fill="#fff"/><rect x="-52" y="-130" width="104" height="8" fill="#${p.colour}"/>
<g transform="translate(26 -107) scale(.75)">${classMark(p.cls, 0, 0)}</g>${logoDot(p.maker, p.colour, -46, -107)}
${ls.map((l, i) => fitText(l, { x: 0, y: -72 + i * 20 + (ls.length === 1 ? 6 : 0), width: 94, size: 19, min: 10, fill: INK, weight: 700, anchor: 'middle' })).join('')}
${fitText(p.spec, { x: 0, y: -28, width: 92, size: 12, min: 8, fill: '4b5563', anchor: 'middle' })}
<path d="M-44 -150v120" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity=".22"/></g>`;
}

/** A small oral-liquid vial, its foot at (x, y). */
const vial = (p: Pack, x: number, y: number, k: number) =>
  `<g data-part="vial" transform="translate(${x} ${y}) scale(${k})"><rect x="-15" y="-92" width="30" height="92" rx="6" fill="url(#amb)"/><rect x="-11" y="-110" width="22" height="20" rx="3" fill="#${p.colour}"/>
<rect x="-15" y="-62" width="30" height="34" fill="#fff"/><rect x="-15" y="-62" width="30" height="7" fill="#${p.colour}"/><path d="M-9 -84v70" stroke="#fff" stroke-width="4" opacity=".25"/></g>`;

/** A white eye-drop bottle with its pointed cap, its foot at (x, y). */
const dropper = (p: Pack, x: number, y: number) =>
  `<g data-part="dropper" transform="translate(${x} ${y})"><path d="M-30 0v-96q0-14 14-16h32q14 2 14 16v96z" fill="url(#pl)" stroke="#d5d9de"/>
<path d="M-17 -112v-18h34v18z" fill="#${shade(p.colour, -10)}"/><path d="M-14 -130l8 -36h12l8 36z" fill="#${p.colour}"/>
<rect x="-30" y="-84" width="60" height="56" fill="#fff" stroke="#e5e7eb"/><rect x="-30" y="-84" width="60" height="11" fill="#${p.colour}"/>
${fitText(p.name.replace(/滴眼液$/, ''), { x: 0, y: -54, width: 54, size: 13, min: 7, fill: INK, weight: 700, anchor: 'middle' })}
<text x="0" y="-37" font-size="10" fill="#4b5563" text-anchor="middle">滴眼液</text></g>`;

/** An ointment tube lying at an angle, crimped end at the left. */
function tube(p: Pack, x: number, y: number, deg: number) {
  return `<g data-part="tube" transform="translate(${x} ${y}) rotate(${deg})"><path d="M0 -34h12l120 10v48l-120 10h-12z" fill="url(#pl)" stroke="#cfd4da"/>
<path d="M0 -34v68" stroke="#b8bec6" stroke-width="6" stroke-dasharray="2 2"/><rect x="132" y="-16" width="18" height="32" fill="#e5e7eb"/><rect x="150" y="-20" width="34" height="40" rx="4" fill="#${p.colour}"/>
<path d="M20 -33l60 5v56l-60 5z" fill="#${p.colour}"/>${fitText(p.name.replace(/(软膏|乳膏)$/, ''), { x: 106, y: 6, width: 50, size: 15, min: 8, fill: INK, weight: 700, anchor: 'middle' })}</g>`;
}

/** A white spray bottle with its pump and clear cap, foot at (x, y). */
const spray = (p: Pack, x: number, y: number) =>
  `<g data-part="spray" transform="translate(${x} ${y})"><rect x="-28" y="-130" width="56" height="130" rx="12" fill="url(#pl)" stroke="#d5d9de"/>
<rect x="-14" y="-150" width="28" height="22" fill="#e5e7eb"/><path d="M-8 -150v-40h16v40z" fill="#fff" stroke="#cfd4da"/><path d="M-4 -190l-2-14h12l-2 14z" fill="#${p.colour}"/>
<rect x="-28" y="-100" width="56" height="70" fill="#${p.colour}"/>${fitText(p.name.replace(/(鼻)?(喷雾剂|气雾剂)$/, ''), { x: 0, y: -62, width: 48, size: 13, min: 7, fill: 'fff', weight: 700, anchor: 'middle' })}
<text x="0" y="-42" font-size="10" fill="#fff" text-anchor="middle">喷雾剂</text></g>`;

/** An electronic thermometer showing 36.5℃, lying at an angle. */
const thermometer = (p: Pack, x: number, y: number, deg: number, k = 1) =>
  `<g data-part="thermometer" transform="translate(${x} ${y}) rotate(${deg}) scale(${k})"><path d="M0 -14h150q12 0 18 8l22 2q6 4 0 8l-22 2q-6 8-18 8h-150q-14 0-14-14t14-14z" fill="url(#pl)" stroke="#cfd4da"/>
<path d="M190 -2h18a3 3 0 0 1 0 4h-18z" fill="#b0b7c0"/><rect x="18" y="-9" width="56" height="18" rx="3" fill="#cfe3d8" stroke="#8aa396"/>
<text x="46" y="5" font-size="13" font-weight="700" fill="#1f3b2d" text-anchor="middle" font-family="monospace">36.5℃</text><circle cx="96" cy="0" r="6" fill="#${p.colour}"/></g>`;

/** A blood-pressure monitor with its cuff, showing 120/80. */
const monitor = (p: Pack, x: number, y: number, k = 1) =>
  `<g data-part="monitor" transform="translate(${x} ${y}) scale(${k})"><path d="M70 40c30 10 60 40 40 70" fill="none" stroke="#9aa3ad" stroke-width="4"/>
<rect x="60" y="96" width="90" height="54" rx="12" fill="#2b3a55"/><path d="M70 104h70" stroke="#ffffff" stroke-opacity=".25" stroke-width="3"/>
<rect x="-10" y="-10" width="140" height="112" rx="18" fill="url(#pl)" stroke="#cfd4da"/><rect x="6" y="6" width="86" height="72" rx="6" fill="#d8e9e2" stroke="#8aa396"/>
<text x="86" y="38" font-size="26" font-weight="700" fill="#1f3b2d" text-anchor="end" font-family="monospace">120</text>
<text x="86" y="68" font-size="22" font-weight="700" fill="#1f3b2d" text-anchor="end" font-family="monospace">80</text>
<circle cx="110" cy="24" r="9" fill="#${p.colour}"/><circle cx="110" cy="52" r="6" fill="#9aa3ad"/><rect x="12" y="84" width="72" height="9" rx="4" fill="#e5e7eb"/></g>`;

/** A pleated surgical mask with its ear loops. */
const mask = (p: Pack, x: number, y: number, deg: number, k = 1) =>
  `<g data-part="mask" transform="translate(${x} ${y}) rotate(${deg}) scale(${k})"><path d="M-8 10q-26 30 0 58M138 10q26 30 0 58" fill="none" stroke="#e5e7eb" stroke-width="4"/>
<path d="M0 0h130l6 76h-142z" fill="#${mix(p.colour, '8fd3f4', 0.75)}" stroke="#6fb6d8"/><path d="M-2 20h134M-4 40h138M-5 58h140" stroke="#6fb6d8" stroke-width="2"/>
<path d="M40 0q25 -6 50 0" stroke="#fff" stroke-width="3" fill="none"/></g>`;

/** A stand-up pouch of decoction pieces: kraft paper, a window on the pieces, the name as a label. */
/** The colours of a herb's pieces: red berries, pale flowers, tan slices. */
const herbTones = (name: string) =>
  /枸杞/.test(name)
    ? ['d7263d', 'b5172b', 'e2453c']
    : /菊|金银花/.test(name)
      ? ['f3e3a1', 'e8c95f', 'fbf3cf']
      : /陈皮/.test(name)
        ? ['d9822b', 'c46d1c', 'e8a24a']
        : /当归|酸枣/.test(name)
          ? ['a0522d', '8b4513', 'c07a4a']
          : ['e3c28b', 'd2a96a', 'c28b4e'];

/** `n` herb pieces scattered over a `w`×`h` area from (x, y), the same for the same herb. */
function pieces(name: string, n: number, x: number, y: number, w: number, h: number) {
  const tones = herbTones(name);
  let seed = hashOf(name);
  const next = () => ((seed = Math.imul(seed ^ (seed >>> 15), 2246822519) >>> 0) % 1000) / 1000;
  return Array.from({ length: n }, (_, i) => {
    const px = r1(x + next() * w);
    const py = r1(y + next() * h);
    return `<ellipse cx="${px}" cy="${py}" rx="${8 + (i % 3) * 2}" ry="${5 + (i % 2) * 2}" transform="rotate(${Math.round(next() * 180)} ${px} ${py})" fill="#${tones[i % 3]}" stroke="#0002"/>`;
  }).join('');
}

const loosePieces = (p: Pack, x: number, y: number) =>
  `<ellipse cx="${x}" cy="${y + 8}" rx="54" ry="10" fill="#000" opacity=".06"/>${pieces(p.name, 12, x - 44, y - 18, 88, 22)}`;

function herbBag(p: Pack, x: number, y: number, k: number, skew = 0) {
  const inside = pieces(p.name, 22, 30, 150, 120, 70);
  const name = nameBlock(p.name, 90, 108, 120, 36, '5b2c0f', 4);
  return `<g data-part="bag" transform="translate(${x} ${y}) scale(${k}) skewY(${skew})"><path d="M8 0h164l4 12v212q0 16-16 16h-140q-16 0-16-16v-212z" fill="url(#kr)"/>
<path d="M8 22h164" stroke="#8a6238" stroke-dasharray="6 3" stroke-width="2"/><circle cx="90" cy="10" r="4" fill="#f5f6f8"/>
<rect x="30" y="152" width="120" height="68" rx="30" fill="#fbf7ef" opacity=".85"/><g clip-path="url(#win)">${inside}</g><rect x="30" y="152" width="120" height="68" rx="30" fill="none" stroke="#fff" stroke-width="3"/>
<rect x="20" y="34" width="140" height="${r1(name.bottom - 34 + 16)}" rx="4" fill="#fffaf0" stroke="#${p.colour}" stroke-width="2"/>${name.svg}
<rect x="128" y="40" width="26" height="26" rx="3" fill="#c0392b"/><text x="141" y="51" font-size="10" fill="#fff" text-anchor="middle">中药</text><text x="141" y="63" font-size="10" fill="#fff" text-anchor="middle">饮片</text>
${fitText(p.spec, { x: 90, y: 144, width: 130, size: 15, min: 9, fill: '5b2c0f', anchor: 'middle' })}
${fitText(p.maker, { x: 90, y: 234, width: 150, size: 13, min: 9, fill: '5b2c0f', weight: 700, anchor: 'middle' })}</g>`;
}

/** A health-food (or pill) jar with a wrap-around label, foot centred at (x, y). */
function jar(p: Pack, x: number, y: number, k: number) {
  const ls = lines(p.name, 5).slice(0, 2);
  return `<g data-part="jar" transform="translate(${x} ${y}) scale(${k})"><rect x="-72" y="-194" width="144" height="194" rx="16" fill="url(#pl)" stroke="#d5d9de"/>
<rect x="-64" y="-238" width="128" height="50" rx="8" fill="#${p.colour}"/><path d="M-64 -224h128M-64 -212h128M-64 -200h128" stroke="#${shade(p.colour, -30)}" stroke-width="2"/>
<rect x="-72" y="-168" width="144" height="144" fill="#fff"/><rect x="-72" y="-168" width="144" height="8" fill="#${p.colour}"/>
<path d="M-72 -50c40 -18 96 8 144 -12v38h-144z" fill="#${p.colour}"/>${classMark(p.cls, 40, -140)}${logoDot(p.maker, p.colour, -62, -140)}
${ls.map((l, i) => fitText(l, { x: 0, y: -100 + i * 25 + (ls.length === 1 ? 10 : 0), width: 128, size: 23, min: 10, fill: INK, weight: 700, anchor: 'middle' })).join('')}
${fitText(p.spec, { x: 0, y: -58, width: 124, size: 14, min: 8, fill: '4b5563', anchor: 'middle' })}
${fitText(p.maker, { x: 0, y: -30, width: 124, size: 13, min: 8, fill: 'fff', weight: 700, anchor: 'middle' })}
<path d="M-58 -180v150" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".5"/></g>`;
}

/** The front view: the pack and, for cartons, what comes in them beside it. */
function frontScene(p: Pack) {
  switch (p.form) {
    case 'tablet':
    case 'capsule':
      return cartonLeft(p) + blister(p, 270, 166, 8, p.form === 'capsule');
    case 'granule':
      return cartonLeft(p) + sachet(p, 272, 170, 9);
    case 'vial':
      return cartonLeft(p) + vial(p, 286, 336, 1.2) + vial(p, 326, 344, 1.2) + vial(p, 364, 334, 1.2);
    case 'bottle':
      return carton(p, { x: 26, y: 126, w: 196, h: 196, fx: 1, fy: 0, sx: 22, sy: -14 }) + amberBottle(p, 298, 344, 1);
    case 'dropper':
      return cartonLeft(p) + dropper(p, 322, 340);
    case 'tube':
      return cartonLeft(p) + tube(p, 290, 346, -74);
    case 'spray':
      return cartonLeft(p) + spray(p, 326, 342);
    case 'bag':
      return herbBag(p, 84, 92, 1) + loosePieces(p, 318, 330);
    case 'jar':
      return jar(p, 180, 344, 1.05) + capsulesSpilled(p);
    case 'thermometer':
      return cartonLeft(p) + thermometer(p, 290, 340, -68, 1.05);
    case 'monitor':
      return carton(p, { x: 22, y: 106, w: 200, h: 190, fx: 1, fy: 0, sx: 22, sy: -14 }) + monitor(p, 236, 222, 0.92);
    case 'mask':
      return cartonLeft(p) + mask(p, 262, 300, -58, 0.9);
    default:
      return carton(p, { x: 72, y: 116, w: 230, h: 214, fx: 1, fy: 0, sx: 26, sy: -18 });
  }
}

/** View 1: the pack alone, turned. */
function angleScene(p: Pack) {
  switch (p.form) {
    case 'bottle':
      return amberBottle(p, 200, 356, 1.32);
    case 'bag':
      return herbBag(p, 116, 86, 0.96, -4) + `<path d="M286 108l16 -4v220l-16 12z" fill="#a67a48"/>`;
    case 'jar':
      return jar(p, 200, 344, 1.25);
    case 'thermometer':
      return thermometer(p, 40, 220, -14, 1.55);
    case 'monitor':
      return monitor(p, 90, 110, 1.55);
    case 'mask':
      return mask(p, 70, 140, -4, 1.9);
    default:
      return carton(p, { x: 60, y: 112, w: 230, h: 214, fx: 0.8, fy: 0.1, sx: 84, sy: -34 });
  }
}

/** A few capsules (or tablets, or a scoop of powder) out of the jar. */
const capsulesSpilled = (p: Pack) =>
  [
    [290, 330, 20],
    [326, 342, -30],
    [352, 322, 70],
  ]
    .map(([x, y, d]) =>
      /粉/.test(p.name)
        ? `<ellipse cx="${x}" cy="${y}" rx="14" ry="6" fill="#f3ead7" stroke="#d9cba8"/>`
        : /胶囊/.test(p.name)
          ? `<g transform="translate(${x} ${y}) rotate(${d})"><rect x="-16" y="-8" width="32" height="16" rx="8" fill="#e9b949" opacity=".9"/><path d="M-10 -4h10" stroke="#fff" stroke-width="3" opacity=".6"/></g>`
          : `<ellipse cx="${x}" cy="${y}" rx="13" ry="8" fill="#fff" stroke="#cfd4da"/>`,
    )
    .join('');

/** A barcode from the pack's text: the same goods always get the same bars. */
function barcode(seed: string, x: number, y: number) {
  let h = hashOf(seed);
  let bars = '';
  for (let i = 0, at = 0; i < 34; i++) {
    h = Math.imul(h ^ (h >>> 13), 2654435761) >>> 0;
    const w = 1 + (h % 3);
    if (i % 2 === 0) bars += `M${x + at} ${y}h${w}v40h-${w}z`;
    at += w + 1;
  }
  const digits = `69${String(hashOf(seed + '#'))
    .padStart(10, '0')
    .slice(0, 10)}1`;
  return `<path d="${bars}" fill="#111"/><text x="${x}" y="${y + 54}" font-size="11" fill="#111" font-family="monospace" letter-spacing="1">${digits}</text>`;
}

/** View 2: the back of the pack with the label text, as the insert repeats it. */
function backScene(p: Pack) {
  const c = p.colour;
  const herb = p.form === 'bag';
  const device = ['thermometer', 'monitor', 'mask', 'device'].includes(p.form);
  const rows = [
    [herb ? '【品名】' : device ? '【产品名称】' : p.cls === 'health' ? '【产品名称】' : '【药品名称】', p.name],
    [herb ? '【规格】' : '【规格】', p.spec],
    [device ? '【注册人】' : '【生产企业】', p.maker],
    ['【贮藏】', herb ? '置阴凉干燥处，防潮，防蛀' : '密封，置阴凉干燥处'],
  ];
  const warn =
    p.cls === 'rx'
      ? '凭医师处方销售、购买和使用'
      : p.cls === 'otc-a' || p.cls === 'otc-b'
        ? '请仔细阅读说明书并按说明使用'
        : p.cls === 'health'
          ? '本品不能代替药物'
          : herb
            ? '炮制后入药 遵医嘱煎服'
            : '详见产品说明书';
  return `<rect x="48" y="52" width="304" height="300" rx="6" fill="#fff" stroke="#e5e7eb"/><rect x="48" y="52" width="304" height="46" rx="6" fill="#${c}"/><rect x="48" y="86" width="304" height="12" fill="#${c}"/>
${fitText(p.name, { x: 64, y: 83, width: 220, size: 22, min: 12, fill: 'fff', weight: 700 })}${p.cls === 'health' ? '' : classMark(p.cls, 318, 75)}
${rows.map(([k, v], i) => `<text x="64" y="${130 + i * 28}" font-size="14" fill="#374151"><tspan font-weight="700">${k}</tspan>${escapeXml(v)}</text>`).join('')}
<path d="M64 250h272M64 266h230M64 282h252" stroke="#e5e7eb" stroke-width="7"/>
<rect x="64" y="296" width="164" height="22" fill="#${mix(c, 'ffffff', 0.86)}"/>${fitText(warn, { x: 70, y: 312, width: 152, size: 12, min: 9, fill: shade(c, -40) })}
${barcode(p.name + p.maker + p.spec, 236, 290)}`;
}

const GRADIENTS = {
  f: '<linearGradient id="f" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#f1f2f4"/></linearGradient>',
  amb: '<linearGradient id="amb" x1="0" x2="1"><stop offset="0" stop-color="#5a2d08"/><stop offset=".35" stop-color="#b0661f"/><stop offset="1" stop-color="#4a2406"/></linearGradient>',
  pl: '<linearGradient id="pl" x1="0" x2="1"><stop offset="0" stop-color="#e9ecef"/><stop offset=".4" stop-color="#fff"/><stop offset="1" stop-color="#d9dde2"/></linearGradient>',
  foil: '<linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f6f8"/><stop offset=".5" stop-color="#cfd5dc"/><stop offset="1" stop-color="#eef1f4"/></linearGradient>',
  kr: '<linearGradient id="kr" x1="0" x2="1"><stop offset="0" stop-color="#b98a55"/><stop offset=".5" stop-color="#d7ad77"/><stop offset="1" stop-color="#b08050"/></linearGradient><clipPath id="win"><rect x="30" y="152" width="120" height="68" rx="30"/></clipPath>',
};

/** Every gradient a pack may use, for pictures that show packs of several forms (banners). */
export const PACK_DEFS = Object.values(GRADIENTS).join('');

/** Gradients only the forms that use them carry, to keep each picture small. */
function defsFor(p: Pack, view: number) {
  const out = [
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfbfc"/><stop offset="1" stop-color="#eceef1"/></linearGradient>',
    GRADIENTS.f,
  ];
  if (p.form === 'bottle' || p.form === 'vial') out.push(GRADIENTS.amb);
  if (['dropper', 'tube', 'spray', 'jar', 'thermometer', 'monitor'].includes(p.form)) out.push(GRADIENTS.pl);
  if ((p.form === 'tablet' || p.form === 'capsule') && view === 0) out.push(GRADIENTS.foil);
  if (p.form === 'bag') out.push(GRADIENTS.kr);
  return `<defs>${out.join('')}</defs>`;
}

/** A pack alone, turned, without its background, for other pictures (banners) to place; about 280 wide. */
export const packScene = (p: Pack) => angleScene(p);

export function goodsSvg(p: Pack & { view: number }) {
  const scene = p.view === 2 ? backScene(p) : p.view === 1 ? angleScene(p) : frontScene(p);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" ${FONT} data-form="${p.form}">${defsFor(p, p.view)}
<rect width="400" height="400" fill="url(#bg)"/><ellipse cx="200" cy="342" rx="176" ry="14" fill="#000" opacity=".07"/>${scene}</svg>`;
}
