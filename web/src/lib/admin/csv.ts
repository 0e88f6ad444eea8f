/**
 * 导出CSV of the console's lists: every page of the list as it is filtered (at most MAX_EXPORT_ROWS rows),
 * written by papaparse with a UTF-8 byte-order mark so that Excel opens the Chinese text correctly. Cells
 * that a spreadsheet would read as a formula are escaped. papaparse loads only when an export starts.
 */
import { chinaNow } from '@/lib/china-time';
import type { ListPage } from './list';

export const MAX_EXPORT_ROWS = 5000;

export type CsvColumn<T> = {
  title: string;
  value: (row: T) => string | number | null | undefined;
  /**
   * Digits that are a code, not a number (a barcode): written as the formula ="…", so that Excel shows them whole
   * instead of 6.92901E+12 and keeps a leading 0.
   */
  code?: boolean;
};

/**
 * What papaparse defuses as a formula (a quote put before it): whatever starts as one, except a code cell ="digits",
 * which can only show those digits.
 */
const FORMULA = /^(?!="\d+"$)[=+\-@\t\r]/;

const cellOf = <T>(column: CsvColumn<T>, row: T) => {
  const value = column.value(row) ?? '';
  return column.code && /^\d+$/.test(String(value)) ? `="${value}"` : value;
};

/** Rows of pages 1, 2, ... until the last page or `max` rows. */
export async function fetchAllRows<T>(fetchPage: (page: number) => Promise<ListPage<T>>, max = MAX_EXPORT_ROWS) {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    rows.push(...answer.data);
    if (rows.length >= max) return { rows: rows.slice(0, max), total: answer.total, capped: answer.total > max };
    if (page >= answer.last_page || answer.data.length === 0) return { rows, total: answer.total, capped: false };
  }
}

/** The CSV text, with the byte-order mark Excel needs. */
export async function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): Promise<string> {
  const { unparse } = (await import('papaparse')).default;
  const data = rows.map((row) => columns.map((c) => cellOf(c, row)));
  return `\uFEFF${unparse({ fields: columns.map((c) => c.title), data }, { escapeFormulae: FORMULA })}`;
}

/** Saves the text as `<name>-YYYYMMDD-HHmmss.csv` in the browser's downloads. */
export function saveCsv(name: string, text: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${name}-${chinaNow('YYYYMMDD-HHmmss')}.csv`);
}

/** Saves a file the browser holds (a CSV made here, an Excel file the server sent) in its downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
