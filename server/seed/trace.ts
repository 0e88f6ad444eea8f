/**
 * Each seeded goods' 药品标识码: drugs get a 7-digit prefix of their own (8 and six digits, as the codes on Chinese
 * drug boxes open); 器械, 中药饮片 and 保健食品 are sold without codes (docs/decisions/035-trace-codes-and-delivery-note.md).
 */
import { taxClassOf } from '../../core/invoice-tax.js';

/** A prefix unique to the goods id (7919 is prime to 900,000, so ids below that never share one). */
const tracePrefixOf = (goodsId: number) => `8${String(100_000 + ((goodsId * 7919) % 900_000))}`;

export function traceGoodsOf(made: { id: number }[], rows: { cfl?: string }[]) {
  return made.map((g, i) => {
    const withoutCodes = taxClassOf(rows[i].cfl ?? '') !== 'drug';
    return { goodsId: g.id, prefix: withoutCodes ? '' : tracePrefixOf(g.id), withoutCodes };
  });
}
