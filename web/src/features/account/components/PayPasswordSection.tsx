/**
 * 支付密码 on /zhzx/basic: whether it is set, and the form that sets or changes it with the SMS code. The
 * balance and the credit line pay only with it (docs/decisions/016-payment-password.md).
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_TRIES } from '@core/constants';
import type { UserBase } from '@core/schemas/user';
import { useToast } from '@/lib/use-toast';
import { SetPayPasswordForm } from '@/ui/SetPayPasswordForm';

export function PayPasswordSection({ user }: { user: UserBase }) {
  const isSet = user.has_pay_password === 1;
  const [editing, setEditing] = useState(!isSet);
  const toast = useToast();
  return (
    <section className="yct-acct-sec yct-basic__wide" id="pay-password" data-testid="paypwd-section">
      <h2 className="yct-acct-sec__title">支付密码</h2>
      <div className="yct-basic__paystate">
        <SafetyCertificateOutlined className={`yct-basic__payicon${isSet ? ' is-set' : ''}`} />
        <div className="yct-basic__paytext">
          <p>
            <b>支付密码</b>
            <Tag color={isSet ? 'green' : 'orange'} className="yct-basic__tag" data-testid="paypwd-state">
              {isSet ? '已设置' : '未设置'}
            </Tag>
          </p>
          <p className="yct-muted">
            使用账户余额、账期授信付款及余额还款时需输入6位数字支付密码；连续输错{PAY_PASSWORD_MAX_TRIES}次将锁定{PAY_PASSWORD_LOCK_MINUTES}
            分钟，可通过短信验证码重新设置。
          </p>
        </div>
        {isSet && !user.actor ? (
          <Button onClick={() => setEditing((v) => !v)} data-testid="paypwd-toggle">
            {editing ? '收起' : '修改支付密码'}
          </Button>
        ) : null}
      </div>
      {user.actor ? (
        <p className="yct-muted">正在代门店采购，支付密码请返回总部账号后设置。</p>
      ) : editing ? (
        <SetPayPasswordForm
          user={user}
          submitText={isSet ? '修改支付密码' : '设置支付密码'}
          onDone={() => {
            setEditing(false);
            void toast.success(isSet ? '支付密码已修改' : '支付密码设置成功，余额和账期付款时请输入');
          }}
        />
      ) : null}
    </section>
  );
}
