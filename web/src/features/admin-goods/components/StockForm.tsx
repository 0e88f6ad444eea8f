/**
 * 库存 › 调整库存 (stock:write): a change of the stock by a delta with a required reason, into or out of one batch of
 * the goods or, by default, first-expiring-first-out (units added go to the batch the goods' dates name, units taken
 * come off the batches that sell, the first to expire first); confirmed in a dialog that names the batch and what
 * its units and the stock that sells become.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Select, Tag } from 'antd';
import type { ReactNode } from 'react';
import { stockBody, type AdminGoodsDetail } from '@core/schemas/admin-goods';
import type { AdminBatch } from '@core/schemas/quality';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useChangeStock } from '../api/change-stock';
import { goodsBatchesQuery } from '../api/goods-batches';

/** The select's value for no batch named: first-expiring-first-out. */
const FEFO = 0;

type Values = { batch_id: number; delta: number | null; reason: string };

const STATUS_COLOR: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'default' };

/** Where a batch's units sell, as the batch list says it: with the goods, in the near-expiry zone, or not (why). */
function SaleText({ batch }: { batch: AdminBatch }) {
  if (batch.sale === 'near') return <Tag color="orange">近效期专场</Tag>;
  if (batch.sale === 'none') return <span className="yct-muted">不可售{batch.sale_note ? `（${batch.sale_note}）` : ''}</span>;
  return null;
}

/** A batch in the select's list: 批号, 效期至, status and where it sells, then what it holds. */
function BatchOption({ batch, unit }: { batch: AdminBatch; unit: string }) {
  return (
    <div className="yct-admin-goods__batch-option" data-testid="stock-batch-option">
      <div>
        <b className="yct-admin-goods__mono">{batch.batch_no}</b>
        <span className="yct-muted">效期至 {batch.xq}</span>
        <Tag color={STATUS_COLOR[batch.status]}>{batch.status_text}</Tag>
        <SaleText batch={batch} />
      </div>
      <div className="yct-muted">
        在库 {batch.quantity}
        {unit} · 占用 {batch.held}
        {unit}
        {batch.returns_pending ? ` · 退货待验 ${batch.returns_pending}${unit}` : ''}
      </div>
    </div>
  );
}

/** What the dialog says of the batch the change goes into or comes out of. */
function batchLine(goods: AdminGoodsDetail, batch: AdminBatch | undefined, delta: number): ReactNode {
  if (!batch) return delta > 0 ? <>批号：按效期先进先出，记入商品当前效期（{goods.xq}）对应的批号</> : <>批号：按效期先进先出，从最早到期的可售批号扣减</>;
  return (
    <>
      批号 <b>{batch.batch_no}</b>（效期至 {batch.xq}，{batch.status_text}）
      <br />
      该批号在库：{batch.quantity} → <b>{batch.quantity + delta}</b>
    </>
  );
}

/** What the dialog says of the stock that sells: it moves only with a batch that sells with the goods. */
function stockLine(goods: AdminGoodsDetail, batch: AdminBatch | undefined, delta: number): ReactNode {
  if (batch && !batch.sells)
    return `可售库存不变（${goods.number}）：该批号${batch.sale === 'near' ? '只在近效期专场销售' : `不可售（${batch.sale_note || batch.status_text}）`}`;
  return (
    <>
      可售库存：{goods.number} → <b>{goods.number + delta}</b>
    </>
  );
}

export function StockForm({ goods }: { goods: AdminGoodsDetail }) {
  const [form] = Form.useForm<Values>();
  const change = useChangeStock();
  const batches = useQuery(goodsBatchesQuery(goods.id));
  const { message, modal } = App.useApp();
  const list = batches.data ?? [];
  const unit = goods.bzdw;

  const submit = (v: Values) => {
    const delta = v.delta ?? 0;
    const batch = list.find((b) => b.id === v.batch_id);
    modal.confirm({
      title: `确认${delta > 0 ? '增加' : '减少'}库存 ${Math.abs(delta)} ${unit}？`,
      content: (
        <div className="yct-admin-goods__stock-confirm" data-testid="stock-confirm">
          <div>
            {goods.name} {goods.ypgg}
          </div>
          <div>{batchLine(goods, batch, delta)}</div>
          <div>{stockLine(goods, batch, delta)}</div>
          <div>原因：{v.reason}</div>
        </div>
      ),
      okText: '确认调整',
      cancelText: '取消',
      centered: true,
      width: 460,
      okButtonProps: { danger: delta < 0 },
      onOk: async () => {
        try {
          const result = await change.mutateAsync({ id: goods.id, delta, reason: v.reason, ...(batch ? { batch_id: batch.id } : {}) });
          void message.success(
            batch ? `批号 ${batch.batch_no} 在库调整为 ${batch.quantity + delta}，可售库存 ${result.number}` : `库存已调整为 ${result.number}`,
          );
          form.resetFields();
        } catch (e) {
          const left = applyServerErrors(form, e);
          if (left.length) void message.error(left[0]);
        }
      },
    });
  };

  const options = [
    { value: FEFO, label: '按效期先进先出', batch: null },
    ...list.map((b) => ({ value: b.id, label: `${b.batch_no}（效期至 ${b.xq}）`, batch: b })),
  ];
  return (
    <Form<Values>
      form={form}
      layout="inline"
      initialValues={{ batch_id: FEFO }}
      onFinish={submit}
      className="yct-admin-goods__stock-form"
      data-testid="stock-form"
    >
      <Form.Item name="batch_id" label="批次">
        <Select
          style={{ width: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={batches.isPending}
          options={options}
          popupMatchSelectWidth={420}
          optionRender={(o) =>
            o.data.batch ? (
              <BatchOption batch={o.data.batch} unit={unit} />
            ) : (
              <div className="yct-admin-goods__batch-option">
                <b>按效期先进先出</b>
                <div className="yct-muted">增加记入商品当前效期的批号；减少从最早到期的可售批号扣减</div>
              </div>
            )
          }
          popupRender={(menu) => (
            <>
              {menu}
              {batches.isError ? (
                <div className="yct-admin-goods__batch-empty">
                  批次加载失败，
                  <Button type="link" size="small" onClick={() => void batches.refetch()}>
                    重试
                  </Button>
                </div>
              ) : batches.data && !list.length ? (
                <div className="yct-admin-goods__batch-empty" data-testid="stock-batch-empty">
                  该商品暂无批次：增加的库存将按商品的生产日期建立批号
                </div>
              ) : null}
            </>
          )}
          data-testid="stock-batch"
        />
      </Form.Item>
      <Form.Item name="delta" label="调整数量" rules={[zodRule(stockBody.shape.delta)]}>
        <InputNumber precision={0} style={{ width: 170 }} placeholder="正数增加，负数减少" suffix={unit} data-testid="stock-delta" />
      </Form.Item>
      <Form.Item name="reason" label="原因" rules={[zodRule(stockBody.shape.reason)]}>
        <Input maxLength={200} style={{ width: 220 }} placeholder="必填，如 采购入库、盘点报损" data-testid="stock-reason" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="stock-submit">
          调整库存
        </Button>
      </Form.Item>
    </Form>
  );
}
