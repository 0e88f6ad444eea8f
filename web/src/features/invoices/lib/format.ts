/** How the invoice pages write amounts, days and statuses. */
import type { Invoice } from '@core/schemas/invoices';
import { chinaDate } from '@/lib/china-time';

/** `YYYY-MM-DD` in China time; '—' when there is none. */
export const dayOf = (seconds: number | null) => chinaDate(seconds) || '—';

/** ¥1,234.50, and -¥1,234.50 for a red invoice. */
export function yuanText(amount: string) {
  const negative = amount.startsWith('-');
  const [whole, frac] = amount.replace('-', '').split('.');
  return `${negative ? '-' : ''}¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** The colour class of a status: 待开票 waits, 已开票 is done, 已红冲 is struck. */
export const statusClass = (i: Pick<Invoice, 'status' | 'kind'>) => `yct-fp-status is-${i.kind === 'red' ? 'red' : i.status}`;
