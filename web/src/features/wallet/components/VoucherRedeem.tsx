/** 现金券充值: a voucher code goes to the balance; the server's message on the code shows under the field. */
import { App, Button, Form, Input } from 'antd';
import { voucherBody } from '@core/schemas/wallet';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useRedeemVoucher } from '../api/vouchers';
import { money } from '../lib/format';

export function VoucherRedeem({ compact = false }: { compact?: boolean }) {
  const [form] = Form.useForm<{ code: string }>();
  const redeem = useRedeemVoucher();
  const { message } = App.useApp();
  const submit = async ({ code }: { code: string }) => {
    try {
      const done = await redeem.mutateAsync(code.trim());
      form.resetFields();
      void message.success(`充值成功：${money(done.amount)} 已存入账户余额，当前余额 ${money(done.balance)}`);
    } catch (error) {
      applyServerErrors(form, error);
    }
  };
  return (
    <Form
      form={form}
      layout={compact ? 'inline' : 'vertical'}
      onFinish={submit}
      className={`yct-wal-redeem${compact ? ' is-compact' : ''}`}
      autoComplete="off"
      data-testid="voucher-form"
    >
      <Form.Item
        name="code"
        label={compact ? '券码' : '现金券券码'}
        rules={[zodRule(voucherBody.shape.code)]}
        validateTrigger="onSubmit"
        className="yct-wal-redeem__code"
      >
        <Input placeholder="请输入现金券券码，如 YCT2026XJQ0001" maxLength={24} allowClear data-testid="voucher-code" />
      </Form.Item>
      <Form.Item className="yct-wal-redeem__go">
        <Button type="primary" htmlType="submit" loading={redeem.isPending} data-testid="voucher-submit">
          立即充值
        </Button>
      </Form.Item>
      {compact ? null : <p className="yct-wal-hint">现金券充值后面额计入账户余额，每张券码仅可使用一次。</p>}
    </Form>
  );
}
