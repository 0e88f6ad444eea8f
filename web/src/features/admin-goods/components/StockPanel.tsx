/**
 * 库存: the stock now, what open orders hold, a change by hand (stock:write) with a required reason and a
 * confirmation, and the log of such changes, paged.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Statistic, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { stockBody, type AdminGoodsDetail, type StockLogEntry } from '@core/schemas/admin-goods';
import { formatTime } from '@/lib/admin/format';
import { useCan } from '@/lib/admin/me';
import { applyServerErrors, zodRule } from '@/lib/form';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { stockLogQuery, useChangeStock } from '../api/change-stock';

const columns: TableColumnsType<StockLogEntry> = [
  { title: '时间', dataIndex: 'created_at', width: 160, render: (t: number) => formatTime(t) },
  {
    title: '变动',
    dataIndex: 'delta',
    width: 90,
    align: 'right',
    render: (d: number) => <span className={d > 0 ? 'yct-admin-goods__up' : 'yct-admin-goods__down'}>{d > 0 ? `+${d}` : d}</span>,
  },
  { title: '变动后', dataIndex: 'stock_after', width: 90, align: 'right' },
  { title: '原因', dataIndex: 'reason', ellipsis: true },
  { title: '操作员', dataIndex: 'operator_name', width: 110, render: (n: string) => n || '系统' },
];

type Values = { delta: number | null; reason: string };

function StockForm({ goods }: { goods: AdminGoodsDetail }) {
  const [form] = Form.useForm<Values>();
  const change = useChangeStock();
  const { message, modal } = App.useApp();
  const submit = (v: Values) => {
    const delta = v.delta ?? 0;
    const after = goods.number + delta;
    modal.confirm({
      title: `确认${delta > 0 ? '增加' : '减少'}库存 ${Math.abs(delta)} ${goods.bzdw}？`,
      content: (
        <>
          {goods.name} {goods.ypgg}：{goods.number} → <b>{after}</b>
          <br />
          原因：{v.reason}
        </>
      ),
      okText: '确认调整',
      cancelText: '取消',
      centered: true,
      okButtonProps: { danger: delta < 0 },
      onOk: async () => {
        try {
          const result = await change.mutateAsync({ id: goods.id, delta, reason: v.reason });
          void message.success(`库存已调整为 ${result.number}`);
          form.resetFields();
        } catch (e) {
          const left = applyServerErrors(form, e);
          if (left.length) void message.error(left[0]);
        }
      },
    });
  };
  return (
    <Form form={form} layout="inline" onFinish={submit} className="yct-admin-goods__stock-form" data-testid="stock-form">
      <Form.Item name="delta" label="调整数量" rules={[zodRule(stockBody.shape.delta)]}>
        <InputNumber precision={0} style={{ width: 200 }} placeholder="增加填正数，减少填负数" suffix={goods.bzdw} data-testid="stock-delta" />
      </Form.Item>
      <Form.Item name="reason" label="原因" rules={[zodRule(stockBody.shape.reason)]}>
        <Input maxLength={200} style={{ width: 280 }} placeholder="必填，如 采购入库、盘点报损" data-testid="stock-reason" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="stock-submit">
          调整库存
        </Button>
      </Form.Item>
    </Form>
  );
}

export function StockPanel({ goods }: { goods: AdminGoodsDetail }) {
  const mayChange = useCan('stock:write');
  const [page, setPage] = useState(1);
  const log = useQuery(stockLogQuery(goods.id, page));
  return (
    <Card
      size="small"
      title="库存"
      id="stock"
      className="yct-admin-goods__card"
      extra={
        <Link to={`/admin/batches?goods_id=${goods.id}`} data-testid="stock-batches">
          批次与效期 ›
        </Link>
      }
      data-testid="stock-panel"
    >
      <div className="yct-admin-goods__stock-head">
        <Statistic title="当前库存" value={goods.number} suffix={goods.bzdw} data-testid="stock-number" />
        <Statistic title="待付款/待发货订单占用" value={goods.held_number} suffix={goods.bzdw} />
        <Statistic title="累计销量" value={goods.sales} suffix={goods.bzdw} />
        <p className="yct-muted">下单时即从库存扣减，订单取消后退回；当前库存为可售数量。</p>
      </div>
      {mayChange ? <StockForm goods={goods} /> : null}
      <h3 className="yct-admin-goods__subtitle">库存流水</h3>
      {log.isError && !log.data ? (
        <LoadFailed error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />
      ) : (
        <Table<StockLogEntry>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={log.data?.data ?? []}
          loading={log.isFetching}
          locale={{ emptyText: log.isPending ? ' ' : '暂无库存调整记录' }}
          pagination={
            log.data && log.data.total > log.data.per_page
              ? {
                  current: log.data.current_page,
                  pageSize: log.data.per_page,
                  total: log.data.total,
                  onChange: setPage,
                  size: 'small',
                  showSizeChanger: false,
                  showTotal: (t) => `共 ${t} 条`,
                }
              : false
          }
          data-testid="stock-log"
        />
      )}
    </Card>
  );
}
