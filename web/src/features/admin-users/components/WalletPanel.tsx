/**
 * 钱包与账期: balance, red packet, points and the credit line with the latest ledger rows; adjustments
 * (wallet:adjust) with a required reason and a confirmation, and the credit line and days (credit:write).
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Select, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { creditBody, walletAdjustBody, type AdminWallet } from '@core/schemas/admin-users';
import { applyServerErrors, zodRule } from '@/lib/form';
import { formatTime } from '@/lib/admin/format';
import { useCan } from '@/lib/admin/me';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { useAdjustWallet, useSetCredit, walletQuery } from '../api/users';

const INSTRUMENTS = { balance: '余额', red_packet: '红包', points: '积分', credit: '账期' } as const;
type Row = AdminWallet['ledger'][number];
const adjust = walletAdjustBody.shape;

const ledgerColumns: TableColumnsType<Row> = [
  { title: '时间', dataIndex: 'created_at', width: 160, render: (t: number) => formatTime(t) },
  { title: '项目', dataIndex: 'instrument', width: 70, render: (i: keyof typeof INSTRUMENTS) => <Tag>{INSTRUMENTS[i] ?? i}</Tag> },
  {
    title: '变动',
    dataIndex: 'amount',
    width: 110,
    align: 'right',
    render: (a: string) => <span style={{ color: a.startsWith('-') ? '#cf1322' : '#389e0d' }}>{a.startsWith('-') ? a : `+${a}`}</span>,
  },
  { title: '变动后', dataIndex: 'balance_after', width: 110, align: 'right' },
  { title: '说明', dataIndex: 'memo', ellipsis: true },
];

function AdjustForm({ userId }: { userId: number }) {
  const [form] = Form.useForm<{ instrument: 'balance' | 'red_packet' | 'points'; amount: string; reason: string }>();
  const adjustWallet = useAdjustWallet(userId);
  const { message, modal } = App.useApp();
  const submit = (v: { instrument: 'balance' | 'red_packet' | 'points'; amount: string; reason: string }) => {
    const unit = v.instrument === 'points' ? `${v.amount} 积分` : `¥${v.amount}`;
    modal.confirm({
      title: `确认调整${INSTRUMENTS[v.instrument]}？`,
      content: `${v.amount.startsWith('-') ? '扣减' : '增加'} ${unit.replace('-', '')}，原因：${v.reason}`,
      okText: '确认调整',
      cancelText: '取消',
      centered: true,
      onOk: async () => {
        try {
          await adjustWallet.mutateAsync(v);
          void message.success('已调整');
          form.resetFields(['amount', 'reason']);
        } catch (e) {
          const rest = applyServerErrors(form, e);
          if (rest.length) void message.error(rest[0]);
        }
      },
    });
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ instrument: 'balance' }} onFinish={submit} data-testid="adjust-form">
      <h3 className="yct-admin-subtitle">调整余额 / 红包 / 积分</h3>
      <Form.Item name="instrument" label="项目">
        <Select
          style={{ width: 140 }}
          options={[
            { value: 'balance', label: '余额' },
            { value: 'red_packet', label: '红包' },
            { value: 'points', label: '积分' },
          ]}
        />
      </Form.Item>
      <Form.Item name="amount" label="调整数额（减少填负数）" rules={[zodRule(adjust.amount)]}>
        <Input style={{ width: 200 }} placeholder="如 100.00 或 -50" data-testid="adjust-amount" />
      </Form.Item>
      <Form.Item name="reason" label="调整原因" rules={[zodRule(adjust.reason)]}>
        <Input.TextArea rows={2} maxLength={200} placeholder="必填，将记入流水" data-testid="adjust-reason" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={adjustWallet.isPending} data-testid="adjust-submit">
        提交调整
      </Button>
    </Form>
  );
}

function CreditForm({ userId, wallet }: { userId: number; wallet: AdminWallet }) {
  const [form] = Form.useForm<{ credit_limit: string; credit_days: number | null }>();
  const setCredit = useSetCredit(userId);
  const { message } = App.useApp();
  useEffect(() => {
    form.setFieldsValue({ credit_limit: wallet.credit_limit, credit_days: wallet.credit_days });
  }, [form, wallet]);
  const submit = async (v: { credit_limit: string; credit_days: number | null }) => {
    try {
      await setCredit.mutateAsync({ credit_limit: v.credit_limit, credit_days: v.credit_days ?? '' });
      void message.success('账期已保存');
    } catch (e) {
      const rest = applyServerErrors(form, e);
      if (rest.length) void message.error(rest[0]);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="credit-form">
      <h3 className="yct-admin-subtitle">账期额度</h3>
      <Form.Item
        name="credit_limit"
        label="额度（元）"
        rules={[zodRule(creditBody.shape.credit_limit)]}
        extra={`已使用 ¥${wallet.credit_used}，额度不能低于已使用部分`}
      >
        <Input style={{ width: 200 }} prefix="¥" data-testid="credit-limit" />
      </Form.Item>
      <Form.Item name="credit_days" label="账期天数" extra={`留空则按平台默认 ${wallet.site_credit_days} 天`}>
        <InputNumber min={1} max={180} precision={0} style={{ width: 200 }} addonAfter="天" data-testid="credit-days" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={setCredit.isPending} data-testid="credit-submit">
        保存账期
      </Button>
    </Form>
  );
}

export function WalletPanel({ userId }: { userId: number }) {
  const wallet = useQuery(walletQuery(userId));
  const mayAdjust = useCan('wallet:adjust');
  const mayCredit = useCan('credit:write');
  if (wallet.isError) return <LoadFailed error={wallet.error} onRetry={() => void wallet.refetch()} retrying={wallet.isFetching} />;
  const w = wallet.data;
  return (
    <div data-testid="wallet-panel">
      <div className="yct-admin-wallet__figures">
        <Statistic title="账户余额" prefix="¥" value={w?.balance ?? '—'} loading={!w} />
        <Statistic title="红包" prefix="¥" value={w?.red_packet ?? '—'} loading={!w} />
        <Statistic title="积分" value={w?.points ?? '—'} loading={!w} />
        <Statistic title="账期额度" prefix="¥" value={w?.credit_limit ?? '—'} loading={!w} />
        <Statistic
          title="已用账期"
          prefix="¥"
          value={w?.credit_used ?? '—'}
          loading={!w}
          suffix={w ? <small style={{ fontSize: 12, color: '#8c8c8c' }}>（{w.credit_days ?? w.site_credit_days}天）</small> : null}
        />
      </div>
      {w && (mayAdjust || mayCredit) ? (
        <div className="yct-admin-wallet__forms">
          {mayAdjust ? <AdjustForm userId={userId} /> : <div />}
          {mayCredit ? <CreditForm userId={userId} wallet={w} /> : null}
        </div>
      ) : null}
      <h3 className="yct-admin-subtitle">最近流水</h3>
      <Table<Row>
        size="small"
        rowKey="id"
        columns={ledgerColumns}
        dataSource={w?.ledger ?? []}
        loading={wallet.isFetching}
        pagination={false}
        locale={{ emptyText: '暂无流水' }}
      />
    </div>
  );
}
