/**
 * /zzfw/pzqg/info/{id} 求购详情: one of the account's requests, where it stands (submitted, being handled, answered),
 * what was asked, and the operator's reply; once listed (已上架) the goods with the way to buy it. Another account's
 * request, or none, says so with the way back to the list.
 */
import '../self-service.css';
import { Descriptions, Steps } from 'antd';
import { Link, useParams } from 'react-router';
import { BuyRequestStatus, type BuyRequest } from '@core/schemas/self-service';
import { isApiError } from '@/api/client';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useBuyRequest } from '../api/buy-requests';
import { buyStateClass, timeText } from '../lib/labels';

const BackToList = () => (
  <Link to="/zzfw/pzqg" className="yct-btn">
    返回求购列表
  </Link>
);

function stepsOf(r: BuyRequest) {
  const answered = r.status !== BuyRequestStatus.pending;
  return {
    current: answered ? 2 : 1,
    status: r.status === BuyRequestStatus.unavailable ? ('error' as const) : answered ? ('finish' as const) : ('process' as const),
    items: [
      { title: '提交求购', content: timeText(r.created_at) },
      { title: '采购专员处理', content: answered ? '' : '处理中' },
      { title: answered ? r.status_text : '回复结果', content: timeText(r.replied_at) },
    ],
  };
}

function ReplyBox({ r }: { r: BuyRequest }) {
  if (!r.reply)
    return (
      <div className="yct-ss-answer is-waiting" data-testid="buy-reply">
        <b>等待回复</b>
        <p>采购专员正在为您寻源，一般在 1 个工作日内回复，结果会通过“我的消息”通知您。</p>
      </div>
    );
  return (
    <div className={`yct-ss-answer is-buy-${r.status}`} data-testid="buy-reply">
      <div className="yct-ss-answer__head">
        <b>采购专员回复</b>
        <span className="yct-muted">{timeText(r.replied_at)}</span>
      </div>
      <p data-testid="buy-reply-text">{r.reply}</p>
      {r.status === BuyRequestStatus.listed && r.goods ? (
        <div className="yct-ss-listed" data-testid="buy-listed">
          <div>
            <span className="yct-ss-listed__tag">已上架</span>
            <b>{r.goods.name}</b>
            <span className="yct-muted">
              {r.goods.ypgg} {r.goods.sccj}
            </span>
          </div>
          <Link to={`/list/info/${r.goods.id}`} className="yct-btn yct-btn--primary" data-testid="buy-listed-link">
            去采购
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function Detail({ id }: { id: number }) {
  const one = useBuyRequest(id);
  if (one.isPending) return <Loading />;
  if (one.isError)
    return isApiError(one.error) && one.error.status === 404 ? (
      <EmptyState description="求购信息不存在或已删除">
        <BackToList />
      </EmptyState>
    ) : (
      <ErrorState onRetry={() => void one.refetch()} retrying={one.isFetching} />
    );
  const r = one.data;
  const steps = stepsOf(r);
  return (
    <div className="yct-ss-detail" data-testid="buy-detail" data-status={r.status}>
      <div className="yct-ss-detail__head">
        <h2>
          {r.name}
          <span className={buyStateClass(r.status)} data-testid="buy-detail-status">
            {r.status_text}
          </span>
        </h2>
        <span className="yct-muted">求购编号 {String(r.id).padStart(6, '0')}</span>
      </div>
      <Steps className="yct-ss-detail__steps" size="small" titlePlacement="vertical" current={steps.current} status={steps.status} items={steps.items} />
      <ReplyBox r={r} />
      <h3 className="yct-acct-sec__title">求购信息</h3>
      <Descriptions
        size="small"
        bordered
        column={2}
        className="yct-ss-desc"
        items={[
          { key: 'name', label: '药品名称', children: r.name },
          { key: 'ypgg', label: '规格', children: r.ypgg || '—' },
          { key: 'sccj', label: '生产厂家', children: r.sccj || '不限', span: 2 },
          { key: 'number', label: '求购数量', children: `${r.number.toLocaleString('zh-CN')} ${r.bzdw}` },
          { key: 'price', label: '期望价格', children: r.expected_price ? `¥${r.expected_price} / ${r.bzdw}` : '未填写' },
          { key: 'contact', label: '联系人', children: r.contact },
          { key: 'phone', label: '联系电话', children: r.phone },
          { key: 'remark', label: '备注', children: r.remark || '—', span: 2 },
          { key: 'at', label: '提交时间', children: timeText(r.created_at), span: 2 },
        ]}
      />
    </div>
  );
}

export default function BuyRequestDetailPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return (
    <AccountLayout
      title="求购详情"
      extra={
        <Link to="/zzfw/pzqg" className="yct-acct__titlelink">
          ‹ 返回求购列表
        </Link>
      }
    >
      <RequireMember>
        {id === null ? (
          <EmptyState description={raw ? '求购信息不存在或已删除' : '请在求购列表中选择要查看的求购'}>
            <BackToList />
          </EmptyState>
        ) : (
          <Detail id={id} />
        )}
      </RequireMember>
    </AccountLayout>
  );
}
