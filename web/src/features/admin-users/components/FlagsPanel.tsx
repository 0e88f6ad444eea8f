/** 权限与等级 (user:write): the flags of the user object, the ephedrine right, the rank and the approved 经营范围. */
import { App, Button, Checkbox, Form, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { RANKS, type AdminUserDetail } from '@core/schemas/admin-users';
import { applyServerErrors } from '@/lib/form';
import { useCan } from '@/lib/admin/me';
import { useUpdateFlags } from '../api/users';

type Values = {
  is_special: boolean;
  is_show_youx: boolean;
  is_can_chat: boolean;
  is_AfterSale: boolean;
  may_buy_ephedrine: boolean;
  rank: string;
  scope_ids: number[];
};

const FLAGS: { name: keyof Values; label: string; extra: string }[] = [
  { name: 'is_special', label: '控销商品', extra: '可查看和采购控销专区商品' },
  { name: 'may_buy_ephedrine', label: '含麻药品', extra: '可采购含麻黄碱类复方制剂（对公转账、回执）' },
  { name: 'is_AfterSale', label: '售后服务', extra: '可在订单中申请售后' },
  { name: 'is_can_chat', label: '在线客服', extra: '显示在线客服入口' },
  { name: 'is_show_youx', label: '显示优选', extra: '商品列表显示“优”标' },
];

export function FlagsPanel({ user }: { user: AdminUserDetail }) {
  const mayWrite = useCan('user:write');
  const update = useUpdateFlags(user.id);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  useEffect(() => {
    form.setFieldsValue({
      is_special: user.is_special === 1,
      is_show_youx: user.is_show_youx === 1,
      is_can_chat: user.is_can_chat === 1,
      is_AfterSale: user.is_AfterSale === 1,
      may_buy_ephedrine: user.may_buy_ephedrine === 1,
      rank: user.rank,
      scope_ids: user.scope_ids,
    });
  }, [form, user]);
  const bit = (v: boolean) => (v ? 1 : 0);
  const submit = async (v: Values) => {
    try {
      await update.mutateAsync({
        is_special: bit(v.is_special),
        is_show_youx: bit(v.is_show_youx),
        is_can_chat: bit(v.is_can_chat),
        is_AfterSale: bit(v.is_AfterSale),
        may_buy_ephedrine: bit(v.may_buy_ephedrine),
        rank: v.rank as (typeof RANKS)[number],
        scope_ids: v.scope_ids,
      });
      void message.success('已保存');
    } catch (e) {
      const rest = applyServerErrors(form, e);
      if (rest.length) void message.error(rest[0]);
    }
  };
  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '100px' }} onFinish={submit} disabled={!mayWrite} data-testid="flags-form">
      {FLAGS.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label} valuePropName="checked" extra={f.extra} style={{ marginBottom: 10 }}>
          <Switch checkedChildren="开" unCheckedChildren="关" data-testid={`flag-${f.name}`} />
        </Form.Item>
      ))}
      <Form.Item name="rank" label="会员等级">
        <Select style={{ width: 160 }} options={RANKS.map((r) => ({ value: r, label: r }))} />
      </Form.Item>
      <Form.Item name="scope_ids" label="核准经营范围" className="yct-admin-user__scopes" extra="范围外的商品显示“超出经营范围”，不能加购和下单">
        <Checkbox.Group options={user.all_scopes.map((s) => ({ value: s.id, label: s.name }))} data-testid="flags-scopes" />
      </Form.Item>
      {mayWrite ? (
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="flags-save">
            保存
          </Button>
        </Form.Item>
      ) : null}
    </Form>
  );
}
