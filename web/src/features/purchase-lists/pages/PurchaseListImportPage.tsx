/**
 * /zzfw/kjcg/import 采购计划导入 (DESIGN.md section 18): a pharmacy's purchase list, uploaded or pasted, read by its
 * headers (step 1), its columns checked (step 2), each line matched to goods and decided (step 3), then the kept
 * lines put in the cart in one request. The steps keep their state in the page; 重新导入 starts over.
 */
import '@/ui/goods.css';
import '../purchase-lists.css';
import { Steps } from 'antd';
import { useCallback, useState } from 'react';
import { Code } from '@core/codes';
import type { PurchaseListCartInput, PurchaseListCarted, PurchaseListLine, PurchaseListMatch, PurchaseListSheet } from '@core/schemas/purchase-lists';
import { isApiError } from '@/api/client';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { useToast } from '@/lib/use-toast';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PurchaseTabs } from '@/ui/account/PurchaseTabs';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { useCartLines } from '../api/cart-lines';
import { useFileBuyRequest } from '../api/file-buy-request';
import { useMatchList } from '../api/match-list';
import { useReadList, type ListSource } from '../api/read-list';
import { ColumnsStep } from '../components/ColumnsStep';
import type { Requested } from '../components/LineRow';
import { ReadStep } from '../components/ReadStep';
import { ResultStep } from '../components/ResultStep';
import type { Mapping } from '../lib/columns';
import { firstDecisions, requestUnit, type Decisions } from '../lib/lines';

/** The message of a failed call the page shows in place; null for failures the client showed already. */
const messageOf = (e: unknown): string | null => (isApiError(e) && (e.code === Code.invalid || e.code === Code.refused) && e.message ? e.message : null);

const STEPS = [{ title: '导入采购计划' }, { title: '核对列' }, { title: '匹配结果' }];

function Import() {
  const toast = useToast();
  const { data: user } = useUserBase();
  const read = useReadList();
  const matchCall = useMatchList();
  const cartCall = useCartLines();
  const buy = useFileBuyRequest();

  const [readError, setReadError] = useState<string | null>(null);
  const [sheet, setSheet] = useState<PurchaseListSheet | null>(null);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [matchError, setMatchError] = useState<string | null>(null);
  const [match, setMatch] = useState<PurchaseListMatch | null>(null);
  const [decisions, setDecisions] = useState<Decisions>({});
  const [requested, setRequested] = useState<Record<number, Requested>>({});
  const [carted, setCarted] = useState<PurchaseListCarted | null>(null);
  const [cartError, setCartError] = useState<string | null>(null);

  const restart = () => {
    setSheet(null);
    setMatch(null);
    setReadError(null);
    setMatchError(null);
    setDecisions({});
    setRequested({});
    setCarted(null);
    setCartError(null);
    window.scrollTo(0, 0);
  };

  const onRead = (source: ListSource) => {
    setReadError(null);
    read.mutate(source, {
      onSuccess: (answer) => {
        if (!answer.rows.length) return setReadError('采购计划中没有数据行：第一行应为表头，其下每行一种药品');
        setSheet(answer);
        setMapping(answer.mapping);
        setMatchError(null);
      },
      onError: (e) => setReadError(messageOf(e) ?? '读取失败，请稍后重试'),
    });
  };

  const onMatch = () => {
    if (!sheet) return;
    setMatchError(null);
    matchCall.mutate(
      { headers: sheet.headers, rows: sheet.rows, mapping },
      {
        onSuccess: (answer) => {
          setMatch(answer);
          setDecisions(firstDecisions(answer.lines));
          setRequested({});
          setCarted(null);
          setCartError(null);
          window.scrollTo(0, 0);
        },
        onError: (e) => setMatchError(messageOf(e) ?? '匹配失败，请稍后重试'),
      },
    );
  };

  const onCart = (lines: PurchaseListCartInput['lines']) => {
    setCartError(null);
    cartCall.mutate(
      { lines },
      {
        onSuccess: (answer) => {
          // The rows of earlier adds stay added; the refusals are this request's.
          setCarted((before) => ({ ...answer, added: [...(before?.added ?? []), ...answer.added] }));
          if (answer.added.length) void toast.success(`${answer.added.length} 行已加入购物车`);
        },
        onError: (e) => setCartError(messageOf(e) ?? '加入购物车失败，请稍后重试'),
      },
    );
  };

  const fileRequest = buy.mutate;
  // Stable, so that filing a request for one line draws that line alone (LineRow is memoised).
  const onRequest = useCallback(
    (line: PurchaseListLine) => {
      if (!isLoggedIn(user)) return;
      const i = line.input;
      setRequested((r) => ({ ...r, [line.row]: { state: 'sending' } }));
      fileRequest(
        {
          name: (i.name || i.approval || i.barcode || i.code).slice(0, 60),
          sccj: i.maker.slice(0, 60),
          ypgg: i.spec.slice(0, 60),
          number: Math.min(999_999, Math.max(1, i.quantity ?? 1)),
          bzdw: requestUnit(i.unit),
          contact: user.name,
          phone: user.phone,
          remark: `采购计划导入第${line.row}行${i.approval ? `，批准文号 ${i.approval}` : ''}${i.barcode ? `，条形码 ${i.barcode}` : ''}`.slice(0, 200),
        },
        {
          onSuccess: () => setRequested((r) => ({ ...r, [line.row]: { state: 'done' } })),
          onError: (e) => setRequested((r) => ({ ...r, [line.row]: { state: 'failed', message: messageOf(e) ?? '提交失败，请稍后重试' } })),
        },
      );
    },
    [user, fileRequest],
  );

  const step = match ? 2 : sheet ? 1 : 0;
  return (
    <div className="yct-pl" data-testid="pl-page">
      <Steps current={step} items={STEPS} size="small" className="yct-pl__steps" />
      {match && sheet ? (
        <ResultStep
          match={match}
          decisions={decisions}
          onDecisions={setDecisions}
          requested={requested}
          onRequest={onRequest}
          carting={cartCall.isPending}
          carted={carted}
          cartError={cartError}
          onCart={onCart}
          onColumns={() => setMatch(null)}
          onRestart={restart}
        />
      ) : sheet ? (
        <ColumnsStep
          sheet={sheet}
          mapping={mapping}
          onMapping={setMapping}
          matching={matchCall.isPending}
          error={matchError}
          onMatch={onMatch}
          onRestart={restart}
        />
      ) : (
        <ReadStep reading={read.isPending} error={readError} onRead={onRead} onError={setReadError} />
      )}
    </div>
  );
}

export default function PurchaseListImportPage() {
  return (
    <AccountLayout title="快捷采购">
      <PurchaseTabs />
      <RequireAccount>
        <Import />
      </RequireAccount>
    </AccountLayout>
  );
}
