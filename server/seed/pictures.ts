/** Where the demo data's drawn pictures point: each goods' packshot by its dosage form and class. */
import type { PackClass, PackForm } from '../../core/schemas/drawings.js';
import type { DrugEntry } from './drugs.js';

/** How a pack is drawn, from the entry's 剂型 (`jx`), category and unit. */
export function packFormOf(entry: DrugEntry, spec: string): PackForm {
  const { jx, name, cfl, unit } = entry;
  if (cfl === '中药饮片') return unit === '瓶' ? 'jar' : 'bag';
  if (cfl === '保健食品') return 'jar';
  if (cfl === '器械') {
    if (name.includes('体温计')) return 'thermometer';
    if (name.includes('血压计')) return 'monitor';
    if (name.includes('口罩')) return 'mask';
    if (jx === '消毒剂') return 'bottle';
    return 'device';
  }
  if (/滴眼/.test(jx) || /混悬滴剂/.test(name)) return 'dropper';
  // 干混悬剂 is a powder in sachets, made up with water.
  if (/干混悬/.test(jx)) return 'granule';
  if (/软膏|乳膏|灌肠/.test(jx)) return 'tube';
  if (/喷雾|气雾/.test(jx)) return 'spray';
  if (/口服溶液|糖浆|合剂|混悬剂|洗剂|煎膏|酊剂/.test(jx)) return spec.includes('支') ? 'vial' : 'bottle';
  if (unit === '瓶') return 'jar';
  if (/胶囊|滴剂/.test(jx)) return 'capsule';
  if (/片/.test(jx)) return 'tablet';
  if (/颗粒|散剂|混悬|粉/.test(jx) || spec.includes('袋')) return 'granule';
  return 'box';
}

/** The mark a pack prints for its prescription class. */
export function packClassOf(entry: DrugEntry): PackClass {
  switch (entry.cfl) {
    case '处方药':
      return 'rx';
    case '甲类OTC':
      return 'otc-a';
    case '乙类OTC':
      return 'otc-b';
    case '保健食品':
      return 'health';
    default:
      return 'none';
  }
}
