/**
 * The scanning page's queue: codes the scanner typed wait here and go to the server one post at a time, each
 * post carrying every code waiting; the answers land on the codes and the order's counts. Nothing here makes
 * the operator wait: `take` returns at once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/api/client';
import { errorText } from '@/lib/admin/http';
import { postCodes, removeCode, traceOrderQuery } from '../api/trace';
import { beep } from './beep';
import { admit, nextBatch, refusals, settle, type Scan } from './scan-feed';

export function useScanQueue(id: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const [feed, setFeed] = useState<Scan[]>([]);
  const [sending, setSending] = useState(false);
  const seq = useRef(0);
  const busy = useRef(false);

  useEffect(() => {
    if (sending || busy.current || !enabled) return;
    const batch = nextBatch(feed);
    if (!batch.length) return;
    busy.current = true;
    setSending(true);
    const seqs = new Set(batch.map((s) => s.seq));
    setFeed((f) => f.map((s) => (seqs.has(s.seq) ? { ...s, state: 'sending' } : s)));
    postCodes(
      id,
      batch.map((s) => s.code),
    )
      .then((r) => {
        queryClient.setQueryData(traceOrderQuery(id).queryKey, r.order);
        if (r.results.some((a) => !a.key)) beep();
        setFeed((f) => settle(f, batch, new Map(r.results.map((a, i) => [i, a]))));
      })
      .catch((e: unknown) => {
        if (isApiError(e) && e.status === 422) {
          beep();
          setFeed((f) => settle(f, batch, refusals(e.fieldErrors, batch.length)));
          return undefined;
        }
        // No answer: the codes wait again and go with the next post, two seconds on.
        setFeed((f) => f.map((s) => (seqs.has(s.seq) ? { ...s, state: 'waiting', message: errorText(e) } : s)));
        return new Promise((resolve) => setTimeout(resolve, 2000));
      })
      .finally(() => {
        busy.current = false;
        setSending(false);
      });
  }, [feed, sending, enabled, id, queryClient]);

  const take = (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    seq.current += 1;
    const next = admit(feed, code, seq.current);
    if (next.state === 'refused') beep();
    setFeed((f) => [...f, next]);
  };

  const undo = async (code: string) => {
    const after = await removeCode(id, code);
    queryClient.setQueryData(traceOrderQuery(id).queryKey, after);
    setFeed((f) => f.map((s) => (s.code === code && s.state === 'taken' ? { ...s, state: 'refused', message: '已撤销' } : s)));
  };

  return { feed, take, undo };
}
