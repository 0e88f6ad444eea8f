/**
 * Setting the payment password inside a payment (none yet, or forgotten): the notice, the SMS form, and the payment
 * going on with the new password. A headquarters paying for its store is sent back to set its own instead.
 */
import { Alert, Button } from 'antd';
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_TRIES } from '@core/constants';
import type { UserBase } from '@core/schemas/user';
import { SetPayPasswordForm } from './SetPayPasswordForm';

type Props = {
  user: UserBase;
  /** `set`: the buyer has none yet; `reset`: forgotten, with the way back to the boxes. */
  mode: 'set' | 'reset';
  /** The payment's own button text (确认付款), which becomes 设置并付款 / 重置并付款. */
  submitText: string;
  onDone: (password: string) => void;
  onBack: () => void;
};

export function PayPasswordSetup({ user, mode, submitText, onDone, onBack }: Props) {
  if (user.actor) {
    return (
      <Alert
        type="info"
        showIcon
        title="总部代门店付款时，使用总部账号的支付密码"
        description="总部账号尚未设置支付密码，请返回总部账号后在“账户中心-基本信息”中设置。"
        data-testid="paycf-acting"
      />
    );
  }
  return (
    <>
      <Alert
        type={mode === 'set' ? 'warning' : 'info'}
        showIcon
        className="yct-paycf__notice"
        title={mode === 'set' ? '为保障资金安全，余额和账期付款需验证支付密码，您还未设置' : '通过短信验证码重新设置支付密码'}
        description={`设置完成后将直接完成本次付款。支付密码连续输错${PAY_PASSWORD_MAX_TRIES}次将锁定${PAY_PASSWORD_LOCK_MINUTES}分钟。`}
        data-testid="paycf-set-notice"
      />
      <SetPayPasswordForm
        user={user}
        labelWidth={100}
        submitText={mode === 'set' ? `设置并${submitText.replace(/^确认/, '')}` : `重置并${submitText.replace(/^确认/, '')}`}
        onDone={onDone}
        extra={
          mode === 'reset' ? (
            <Button type="link" onClick={onBack} data-testid="paycf-back">
              返回输入支付密码
            </Button>
          ) : null
        }
        testId="paycf-set-form"
      />
    </>
  );
}
