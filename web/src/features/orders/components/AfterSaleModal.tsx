/**
 * 申请退货 / 申请售后: the buyer picks lines of the order and how many units of each, gives a reason and up to six
 * pictures; the request goes to POST /api/order/{id}/return or /after_sale and its detail page opens.
 */
import { App, Checkbox, Input, InputNumber, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AfterSaleKind, OrderDetail } from '@core/schemas/trade';
import { ErrorState } from '@/ui/ErrorState';
import { ImagesUpload } from '@/ui/ImagesUpload';
import { Loading } from '@/ui/account/RequireMember';
import { useOrderDetail } from '../api/get-order';
import { useRequestAfterSale } from '../api/request-after-sale';
import {
  AFTER_SALE_NAMES,
  AFTER_SALE_REASONS,
  afterSalePath,
  composeReason,
  lineKind,
  money,
  refundPreview,
  RETURN_REASONS,
  returnableNumbers,
} from '../lib/orders';

type Props = { orderId: number; kind: AfterSaleKind; open: boolean; onClose: () => void };

/** The batches a line was shipped from (its own goods'), for a return to name the one returned. */
const batchesOf = (item: OrderDetail['items'][number]) => item.batches.filter((b) => b.goods_id === item.goods_id);

function batchCell(item: OrderDetail['items'][number], picked: boolean, value: string | undefined, onChange: (no: string) => void) {
  const own = batchesOf(item);
  if (!own.length) return <span className="yct-muted">—</span>;
  if (own.length === 1) return <span data-testid="after-sale-line-batch">{own[0].batch_no}</span>;
  return (
    <Select
      size="small"
      value={value}
      onChange={onChange}
      disabled={!picked}
      placeholder="请选择批号"
      options={own.map((b) => ({ value: b.batch_no, label: `${b.batch_no}（效期至${b.xq}，${b.number}${item.bzdw}）` }))}
      style={{ width: 200 }}
      data-testid="after-sale-line-batch"
    />
  );
}

function Lines({
  order,
  kind,
  picks,
  onPick,
  batchPicks,
  onBatch,
}: {
  order: OrderDetail;
  kind: AfterSaleKind;
  picks: Map<number, number>;
  onPick: (id: number, n: number | null) => void;
  batchPicks: Map<number, string>;
  onBatch: (id: number, batchNo: string) => void;
}) {
  const left = useMemo(() => returnableNumbers(order.items, order.after_sales), [order]);
  return (
    <table className="yct-ord-pick" data-testid="after-sale-lines">
      <thead>
        <tr>
          <th className="yct-ord-pick__check" />
          <th>商品</th>
          <th>单价</th>
          <th>购买数量</th>
          <th>{kind === 'return' ? '可退数量' : '可申请数量'}</th>
          <th>{kind === 'return' ? '退货数量' : '申请数量'}</th>
          {kind === 'return' ? <th>退货批号</th> : null}
        </tr>
      </thead>
      <tbody>
        {order.items.map((item) => {
          const max = kind === 'return' ? (left.get(item.id) ?? 0) : item.number;
          const picked = picks.get(item.id);
          const mark = lineKind(item.type);
          return (
            <tr key={item.id} className={max === 0 ? 'is-off' : picked ? 'is-picked' : undefined} data-testid="after-sale-line" data-item={item.id}>
              <td className="yct-ord-pick__check">
                <Checkbox
                  checked={picked !== undefined}
                  disabled={max === 0}
                  onChange={(e) => onPick(item.id, e.target.checked ? 1 : null)}
                  data-testid="after-sale-line-check"
                  aria-label={`选择${item.name}`}
                />
              </td>
              <td>
                <div className="yct-ord-pick__goods">
                  <img src={item.image} alt="" width={40} height={40} />
                  <div>
                    <p>
                      {mark ? <i className={`yct-ord-chip yct-ord-chip--${mark.tone}`}>{mark.label}</i> : null}
                      {item.name}
                    </p>
                    <span>{item.ypgg}</span>
                  </div>
                </div>
              </td>
              <td>{money(item.price)}</td>
              <td>
                {item.number}
                {item.bzdw}
              </td>
              <td>{max === 0 ? <span className="yct-muted">已无可退</span> : `${max}${item.bzdw}`}</td>
              <td>
                <InputNumber
                  size="small"
                  min={1}
                  max={Math.max(1, max)}
                  precision={0}
                  value={picked ?? null}
                  disabled={picked === undefined}
                  onChange={(v) => onPick(item.id, v === null ? 1 : Math.min(max, Math.max(1, Math.floor(v))))}
                  style={{ width: 84 }}
                  data-testid="after-sale-line-number"
                />
              </td>
              {kind === 'return' ? <td>{batchCell(item, picked !== undefined, batchPicks.get(item.id), (no) => onBatch(item.id, no))}</td> : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Form({ order, kind, onClose }: { order: OrderDetail; kind: AfterSaleKind; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const request = useRequestAfterSale();
  const [picks, setPicks] = useState<Map<number, number>>(new Map());
  const [choice, setChoice] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const reasons = kind === 'return' ? RETURN_REASONS : AFTER_SALE_REASONS;
  const [batchPicks, setBatchPicks] = useState<Map<number, string>>(new Map());
  const batchNo = (id: number) => {
    const item = order.items.find((i) => i.id === id);
    const own = item ? batchesOf(item) : [];
    return own.length === 1 ? own[0].batch_no : batchPicks.get(id);
  };
  const lines = [...picks].map(([item_id, number]) => ({ item_id, number, ...(kind === 'return' && batchNo(item_id) ? { batch_no: batchNo(item_id) } : {}) }));
  const unnamed = kind === 'return' && [...picks.keys()].some((id) => !batchNo(id) && batchesOf(order.items.find((i) => i.id === id)!).length > 1);
  const name = AFTER_SALE_NAMES[kind];

  const pick = (id: number, n: number | null) =>
    setPicks((prev) => {
      const next = new Map(prev);
      if (n === null) next.delete(id);
      else next.set(id, n);
      return next;
    });

  const submit = () => {
    setTried(true);
    if (!lines.length || !choice || unnamed) return;
    request.mutate(
      { orderId: order.id, kind, lines, reason: composeReason(choice, note), images },
      {
        onSuccess: (created) => {
          void message.success(`${name}申请已提交，请等待平台审核`);
          onClose();
          void navigate(afterSalePath(created));
        },
      },
    );
  };

  return (
    <Modal
      open
      title={
        <span>
          申请{name}
          <small className="yct-ord-modal__sub">订单号 {order.order_no}</small>
        </span>
      }
      width={780}
      okText="提交申请"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={request.isPending}
      okButtonProps={{ 'data-testid': 'after-sale-submit' }}
      destroyOnHidden
      centered
    >
      <div className="yct-ord-form" data-testid="after-sale-form" data-kind={kind}>
        <div className="yct-ord-form__row">
          <label className="yct-ord-form__label is-required">选择商品</label>
          <div className="yct-ord-form__field">
            <Lines
              order={order}
              kind={kind}
              picks={picks}
              onPick={pick}
              batchPicks={batchPicks}
              onBatch={(id, no) => setBatchPicks((prev) => new Map(prev).set(id, no))}
            />
            {tried && !lines.length ? <p className="yct-ord-form__error">请选择要{name}的商品</p> : null}
            {tried && unnamed ? <p className="yct-ord-form__error">该商品来自多个批号，请选择退回的批号</p> : null}
            {kind === 'return' && lines.length ? (
              <p className="yct-ord-form__refund" data-testid="after-sale-refund">
                预计退款 <b>{refundPreview(order.items, lines)}</b>
                <span>（按实付金额分摊计算，以平台审核为准）</span>
              </p>
            ) : null}
          </div>
        </div>
        <div className="yct-ord-form__row">
          <label className="yct-ord-form__label is-required">{name}原因</label>
          <div className="yct-ord-form__field">
            <Select
              value={choice}
              onChange={setChoice}
              placeholder={`请选择${name}原因`}
              options={reasons.map((r) => ({ value: r, label: r }))}
              style={{ width: 240 }}
              status={tried && !choice ? 'error' : undefined}
              data-testid="after-sale-reason"
            />
            {tried && !choice ? <p className="yct-ord-form__error">请选择{name}原因</p> : null}
          </div>
        </div>
        <div className="yct-ord-form__row">
          <label className="yct-ord-form__label">问题描述</label>
          <div className="yct-ord-form__field">
            <Input.TextArea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={150}
              showCount
              rows={3}
              placeholder="请描述商品问题，如批号、破损情况等，便于平台尽快处理"
              data-testid="after-sale-note"
            />
          </div>
        </div>
        <div className="yct-ord-form__row">
          <label className="yct-ord-form__label">图片凭证</label>
          <div className="yct-ord-form__field">
            <ImagesUpload value={images} onChange={setImages} testId="after-sale-images" />
          </div>
        </div>
      </div>
    </Modal>
  );
}

export function AfterSaleModal({ orderId, kind, open, onClose }: Props) {
  const order = useOrderDetail(orderId, open);
  if (!open) return null;
  if (order.data) return <Form order={order.data} kind={kind} onClose={onClose} />;
  return (
    <Modal open title={`申请${AFTER_SALE_NAMES[kind]}`} footer={null} onCancel={onClose} width={780} centered>
      {order.isError ? <ErrorState onRetry={() => void order.refetch()} retrying={order.isFetching} /> : <Loading />}
    </Modal>
  );
}
