/**
 * The columns of a list as read, and what the buyer set each one to: a field may be taken by one column only,
 * and a list needs a column that names or codes its goods.
 */
import { PURCHASE_LIST_FIELD_TEXT, type PurchaseListField, type PurchaseListSheet } from '@core/schemas/purchase-lists';

export type Mapping = PurchaseListSheet['mapping'];

/** The fields that say which goods a line is: without one of them nothing can be matched. */
const IDENTIFYING: PurchaseListField[] = ['name', 'approval', 'barcode', 'code'];

/** What is wrong with the mapping as set, or null when matching may start. */
export function mappingProblem(mapping: Mapping): string | null {
  const seen = new Set<PurchaseListField>();
  for (const field of mapping) {
    if (!field || field === 'ignore') continue;
    if (seen.has(field)) return `“${PURCHASE_LIST_FIELD_TEXT[field]}”对应了多列，每项只能选择一列`;
    seen.add(field);
  }
  if (!IDENTIFYING.some((f) => seen.has(f))) return '请至少指定“药品名称”、“批准文号”、“条形码”或“商品编码”中的一列';
  return null;
}

/** Setting a column to a field frees any other column that had it (a field belongs to one column). */
export function setColumn(mapping: Mapping, index: number, field: PurchaseListField): Mapping {
  return mapping.map((f, i) => (i === index ? field : field !== 'ignore' && f === field ? null : f));
}

export const FROM_TEXT: Record<NonNullable<PurchaseListSheet['mapping_from'][number]>, { text: string; colour: string }> = {
  remembered: { text: '上次设置', colour: 'green' },
  header: { text: '按表头识别', colour: 'blue' },
  content: { text: '按内容识别', colour: 'purple' },
};

/** A purchase list template as Excel opens it (UTF-8 with its byte-order mark): the headers and two sample lines. */
export function templateCsv(): string {
  const rows = [
    ['药品名称', '规格', '生产厂家', '批准文号', '条形码', '采购数量', '单位'],
    ['阿莫西林胶囊', '0.25g*24粒', '石药集团欧意药业有限公司', '国药准字H13023964', '', '20', '盒'],
    ['布洛芬缓释胶囊', '0.3g*20粒', '中美天津史克制药有限公司', '国药准字H10900089', '', '10', '盒'],
  ];
  return `\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}
