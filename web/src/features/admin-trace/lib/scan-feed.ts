/**
 * The scanning page's memory of what the scanner typed: each code waits in a queue, is sent with the others
 * waiting (up to TRACE_SCAN_MAX a post, one post at a time), and ends taken or refused with its reason. The
 * operator never waits on a request: a code is checked for its form and for repeats at once, here.
 */
import { TRACE_SCAN_MAX, traceCodeProblem } from '@core/schemas/trace';

type ScanState = 'waiting' | 'sending' | 'taken' | 'refused';
export type Scan = { seq: number; code: string; state: ScanState; message: string; key: string | null };

/** What a new code becomes before anything is sent: refused at once for its form or as a repeat, else waiting. */
export function admit(feed: readonly Scan[], code: string, seq: number): Scan {
  const problem = traceCodeProblem(code);
  if (problem) return { seq, code, state: 'refused', message: problem, key: null };
  const again = feed.find((s) => s.code === code && s.state !== 'refused');
  if (again) return { seq, code, state: 'refused', message: again.state === 'taken' ? '该追溯码已在本订单扫描' : '同一追溯码重复扫描', key: null };
  return { seq, code, state: 'waiting', message: '', key: null };
}

/** The next post: the codes waiting, oldest first, at most TRACE_SCAN_MAX. */
export const nextBatch = (feed: readonly Scan[]) =>
  feed
    .filter((s) => s.state === 'waiting')
    .sort((a, b) => a.seq - b.seq)
    .slice(0, TRACE_SCAN_MAX);

/** The answers of a post laid over the feed: each sent code taken (with its line) or refused with its reason. */
export function settle(feed: readonly Scan[], sent: readonly Scan[], answers: ReadonlyMap<number, { key: string | null; message: string }>): Scan[] {
  const bySeq = new Map(sent.map((s, i) => [s.seq, answers.get(i)]));
  return feed.map((s) => {
    if (!bySeq.has(s.seq)) return s;
    const a = bySeq.get(s.seq);
    if (!a) return { ...s, state: 'refused', message: '未能提交，请重新扫描' };
    return a.key ? { ...s, state: 'taken', key: a.key, message: '' } : { ...s, state: 'refused', message: a.message };
  });
}

/** `codes.{index}: 'code：reason'` of a 422 as each sent code's answer. */
export function refusals(errors: Record<string, string[]>, count: number): Map<number, { key: null; message: string }> {
  const out = new Map<number, { key: null; message: string }>();
  for (let i = 0; i < count; i++) {
    const text = errors[`codes.${i}`]?.[0] ?? '未能计入';
    out.set(i, { key: null, message: text.includes('：') ? text.slice(text.indexOf('：') + 1) : text });
  }
  return out;
}
