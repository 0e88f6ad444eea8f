/**
 * /admin/security: the operator's account and two-factor enrolment. 获取二维码 asks the server for a new
 * secret, shown as a QR code for the authenticator app and as text for typing in; the first six-digit code
 * turns two-factor on, and from then on every login asks for it.
 */
import { CheckCircleFilled, QrcodeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Form, Input, Result, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { totpEnableBody } from '@core/schemas/admin';
import { formatTime } from '@/lib/admin/format';
import { useAdminMe } from '@/lib/admin/me';
import { applyServerErrors, zodRule } from '@/lib/form';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { useEnableTotp } from '../api/enable-totp';
import { useSetupTotp } from '../api/setup-totp';
import '../admin-auth.css';

/** `JBSWY3DPEHPK3PXP` as `JBSW Y3DP EHPK 3PXP`, easier to type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function Enrolment() {
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const [form] = Form.useForm<{ otp: string }>();
  const { message } = App.useApp();

  const submit = async ({ otp }: { otp: string }) => {
    try {
      await enable.mutateAsync({ otp });
      void message.success('两步验证已启用，下次登录时需输入动态验证码');
    } catch (e) {
      applyServerErrors(form, e);
    }
  };

  return (
    <>
      <ol className="yct-admin-security__steps">
        <li>在手机上安装身份验证器应用，如 Microsoft Authenticator、Google Authenticator 或腾讯身份验证器。</li>
        <li>点击“获取二维码”，用应用扫描二维码；无法扫描时，在应用中手动输入密钥。</li>
        <li>输入应用显示的6位动态验证码，点击“启用两步验证”。</li>
      </ol>
      {setup.data ? (
        <div className="yct-admin-security">
          <div className="yct-admin-security__qr" data-testid="totp-qr">
            <QRCodeSVG value={setup.data.uri} size={168} level="M" marginSize={1} title="用身份验证器扫描" />
            <Typography.Text type="secondary">用身份验证器扫描</Typography.Text>
          </div>
          <div>
            <Descriptions column={1} size="small" className="yct-admin-security__info">
              <Descriptions.Item label="密钥">
                <Typography.Text
                  copyable={{ text: setup.data.secret, tooltips: ['复制密钥', '已复制'] }}
                  className="yct-admin-security__secret"
                  data-testid="totp-secret"
                >
                  {grouped(setup.data.secret)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="类型">基于时间（TOTP），6位，每30秒更新</Descriptions.Item>
            </Descriptions>
            <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} style={{ marginTop: 12 }}>
              <Form.Item name="otp" label="动态验证码" rules={[zodRule(totpEnableBody.shape.otp)]}>
                <Input.OTP length={6} className="yct-admin-otp yct-admin-otp--small" data-testid="totp-code" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={enable.isPending} icon={<SafetyCertificateOutlined />} data-testid="totp-enable">
                启用两步验证
              </Button>
              <Button type="link" onClick={() => setup.mutate()} loading={setup.isPending}>
                重新获取二维码
              </Button>
            </Form>
          </div>
        </div>
      ) : (
        <Button type="primary" icon={<QrcodeOutlined />} loading={setup.isPending} onClick={() => setup.mutate()} data-testid="totp-setup">
          获取二维码
        </Button>
      )}
    </>
  );
}

export default function SecurityPage() {
  const { data: me } = useAdminMe();
  if (!me) return null;
  const { operator } = me;
  return (
    <>
      <AdminPanel title="账号信息">
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label="用户名">{operator.username}</Descriptions.Item>
          <Descriptions.Item label="姓名">{operator.name}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {operator.role_names.map((r) => (
              <Tag key={r} color="blue">
                {r}
              </Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label="本次登录">{formatTime(operator.last_login_at)}</Descriptions.Item>
        </Descriptions>
      </AdminPanel>
      <AdminPanel
        data-testid="totp-panel"
        title={
          <>
            两步验证
            {operator.totp_enabled ? (
              <Tag color="success" icon={<CheckCircleFilled />} data-testid="totp-state">
                已启用
              </Tag>
            ) : (
              <Tag color="warning" data-testid="totp-state">
                未启用
              </Tag>
            )}
          </>
        }
      >
        {operator.totp_enabled ? (
          <Result
            status="success"
            title="已启用两步验证"
            subTitle="登录时除密码外，还需输入身份验证器中的6位动态验证码。如更换或丢失手机，请联系超级管理员重置两步验证后重新绑定。"
          />
        ) : (
          <Enrolment />
        )}
      </AdminPanel>
    </>
  );
}
