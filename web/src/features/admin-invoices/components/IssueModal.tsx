/**
 * 立即开票: the paid orders with no invoice in force (completed ones first), found by order number or buyer, each
 * issued with one click; or an order typed by its number. The invoice takes the order's title (the one it asked
 * for at checkout, else the buyer's default). A waiting invoice's row opens it with its number filled in.
 */
import { App, Alert, Button, Form, Input, Modal, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { adminIssueBody, type UninvoicedOrder } from '@core/schemas/invoices';
import { formatTime } from '@/lib/admin/format';
import { applyServerErrors, zodRule } from '@/lib/form';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { useIssueInvoice, useUninvoiced } from '../api/invoices';

type Props = { open: boolean; orderNo?: string; onClose: () => void };

const STATUS_COLOURS: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'green' };

export function IssueModal({ open, orderNo, onClose }: Props) {
  const [form] = Form.useForm<{ order_no: string }>();
  const issue = useIssueInvoice();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const orders = useUninvoiced(keyword, open);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ order_no: orderNo ?? '' });
    setKeyword('');
  }, [form, open, orderNo]);

  const run = async (no: string) => {
    try {
      const done = await issue.mutateAsync({ order_no: no.trim() });
      void message.success(`已开具：发票号码 ${done.invoice_no}，金额 ¥${done.amount}`);
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  const columns: TableColumnsType<UninvoicedOrder> = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 172,
      render: (no: string) => <span className="yct-admin-fp__mono">{no}</span>,
    },
    {
      title: '客户',
      key: 'buyer',
      ellipsis: true,
      render: (_, o) => (
        <div className="yct-admin-fp__stack">
          <span>{o.buyer.company}</span>
          <small>{o.buyer.username}</small>
        </div>
      ),
    },
    {
      title: '订单状态',
      key: 'status',
      width: 132,
      render: (_, o) => (
        <div className="yct-admin-fp__stack">
          <span>
            <Tag color={STATUS_COLOURS[o.status]}>{o.status_text}</Tag>
          </span>
          <small>
            {o.received_at ? '完成于' : '付款于'} {formatTime(o.received_at ?? o.paid_at, '').slice(0, 10)}
          </small>
        </div>
      ),
    },
    { title: '开票金额', dataIndex: 'amount', width: 100, align: 'right', render: (a: string) => <b className="yct-admin-red">¥{a}</b> },
    {
      title: '操作',
      key: 'op',
      width: 86,
      align: 'center',
      render: (_, o) =>
        o.has_title ? (
          <Button
            type="link"
            size="small"
            loading={issue.isPending && issue.variables?.order_no === o.order_no}
            onClick={() => void run(o.order_no)}
            data-testid="uninvoiced-issue"
          >
            开票
          </Button>
        ) : (
          <Tooltip title="客户尚未添加发票抬头">
            <span className="yct-admin-fp__muted">无抬头</span>
          </Tooltip>
        ),
    },
  ];

  let list;
  if (orders.isPending) list = <Table<UninvoicedOrder> size="small" loading columns={columns} dataSource={[]} pagination={false} />;
  else if (orders.isError && !orders.data) list = <LoadFailed error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  else
    list = (
      <Table<UninvoicedOrder>
        size="small"
        rowKey="order_id"
        columns={columns}
        dataSource={orders.data}
        loading={orders.isFetching}
        pagination={false}
        scroll={{ y: 264 }}
        locale={{ emptyText: keyword ? '没有符合条件的未开票订单' : '所有已付款订单均已开票' }}
        onRow={(o) => ({ 'data-testid': 'uninvoiced-row', 'data-order-no': o.order_no }) as HTMLAttributes<HTMLElement>}
      />
    );

  return (
    <Modal
      open={open}
      title="立即开票"
      okText="按订单号开票"
      cancelText="关闭"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={issue.isPending}
      destroyOnHidden
      width={760}
      okButtonProps={{ 'data-testid': 'invoice-issue-save' }}
    >
      <Alert
        type="info"
        showIcon
        className="yct-admin-fp__tip"
        message="为已付款且尚无有效发票的订单开具蓝字发票：使用下单时填写的抬头，否则使用客户的默认抬头；金额为实付金额扣除退款。"
      />
      <div className="yct-admin-fp__picker" data-testid="uninvoiced">
        <div className="yct-admin-fp__picker-bar">
          <b>未开票订单</b>
          <span className="yct-admin-fp__muted">已完成的订单在前，最多显示 20 条</span>
          <Input.Search
            placeholder="订单号、客户名称、用户名或手机号"
            allowClear
            enterButton="搜索"
            onSearch={(v) => setKeyword(v.trim())}
            style={{ width: 320 }}
            data-testid="uninvoiced-keyword"
          />
        </div>
        {list}
      </div>
      <Form form={form} layout="inline" onFinish={(v) => void run(v.order_no)} className="yct-admin-fp__by-no" data-testid="invoice-issue-form">
        <Form.Item name="order_no" label="或输入订单号" rules={[zodRule(adminIssueBody.shape.order_no)]}>
          <Input placeholder="请输入20位订单号" maxLength={24} allowClear style={{ width: 260 }} data-testid="invoice-issue-order" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
