/**
 * /dzht 电子合同: the purchase agreement every buyer signs before the first order (code 459 sends them here).
 * Signing returns to `?redirect=` or to step 2; a signed contract shows when it was signed.
 */
import '../checkout.css';
import { App, Button, Checkbox } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { chinaTime } from '@/lib/china-time';
import { ErrorState } from '@/ui/ErrorState';
import { useContract } from '../api/get-contract';
import { useSignContract } from '../api/sign-contract';
import { PageLoading, RequireBuyer } from '../components/RequireBuyer';
import { afterContract } from '../lib/checkout';

function ContractScreen() {
  const contract = useContract();
  const sign = useSignContract();
  const [agreed, setAgreed] = useState(false);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const next = afterContract(search.get('redirect'));
  if (contract.isPending) return <PageLoading />;
  if (contract.isError) return <ErrorState onRetry={() => void contract.refetch()} retrying={contract.isFetching} />;
  const c = contract.data;
  // The stored text begins with its own title; the page shows the title once, above it.
  const body = c.content.startsWith(c.title) ? c.content.slice(c.title.length).replace(/^\s+/, '') : c.content;
  return (
    <article className="yct-co-contract-doc" data-testid="contract-doc">
      <h1 data-testid="contract-title">{c.title}</h1>
      <p className="yct-co-contract-doc__meta">
        <span>
          签约方：<b data-testid="contract-company">{c.company}</b>
        </span>
        {c.version ? <span>版本：{c.version}</span> : null}
      </p>
      <div className="yct-co-contract-doc__text" data-testid="contract-text" tabIndex={0}>
        {body}
      </div>
      {c.signed ? (
        <div className="yct-co-contract-doc__signed" data-testid="contract-signed">
          <span className="yct-co-contract-doc__seal" aria-hidden="true">
            已签署
          </span>
          <p>
            {c.company} 已于 <b data-testid="contract-signed-at">{c.signed_at ? chinaTime(c.signed_at, 'YYYY年MM月DD日 HH:mm') : '—'}</b> 在线签署本协议。
          </p>
          <Link to={next} className="yct-btn yct-btn--primary" data-testid="contract-continue">
            {next === '/cart/step2' ? '继续下单' : '返回'}
          </Link>
        </div>
      ) : (
        <div className="yct-co-contract-doc__sign">
          <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="contract-agree">
            我已阅读并同意《{c.title}》
          </Checkbox>
          <Button
            type="primary"
            size="large"
            disabled={!agreed}
            loading={sign.isPending}
            onClick={() =>
              sign.mutate(undefined, {
                onSuccess: () => {
                  void message.success('电子合同签署成功');
                  void navigate(next, { replace: true });
                },
              })
            }
            data-testid="contract-sign"
          >
            同意并签署
          </Button>
        </div>
      )}
    </article>
  );
}

export default function ContractPage() {
  return (
    <div className="yct-container yct-co" data-testid="contract-page">
      <RequireBuyer what="查看并签署电子合同">
        <ContractScreen />
      </RequireBuyer>
    </div>
  );
}
