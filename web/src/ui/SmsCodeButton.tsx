/** 获取验证码: checks the phone field, sends the code, then counts down before a resend is allowed. */
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { SMS_CODE_RESEND_SECONDS } from '@core/constants';
import { createCode, type CodeType } from '@/lib/create-code';
import { useToast } from '@/lib/use-toast';

type Props = {
  form: FormInstance;
  type: CodeType;
  phoneField?: string;
  testId?: string;
  size?: 'middle' | 'large';
  /** Extra check before sending, e.g. that the phone is not yet registered. Return false to stop. */
  beforeSend?: (phone: string) => Promise<boolean> | boolean;
};

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

export function SmsCodeButton({ form, type, phoneField = 'phone', testId, size = 'large', beforeSend }: Props) {
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    let phone: string;
    try {
      phone = String((await form.validateFields([phoneField]))[phoneField]).trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      if (beforeSend && !(await beforeSend(phone))) return;
      const result = await createCode({ phone, type });
      setLeft(result.resend_in || SMS_CODE_RESEND_SECONDS);
      void toast.success(`验证码已发送至 ${masked(phone)}，${Math.round((result.expires_in || 300) / 60)}分钟内有效`);
    } catch {
      /* the client has already told the buyer why */
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size={size} onClick={send} loading={sending} disabled={left > 0} data-testid={testId} style={{ width: 136, flex: 'none' }}>
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
