/** 新增优惠券 and 编辑优惠券 in one modal, checked with core's schema first; the server's answer on a field shows under it. */
import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { couponTemplateBody, type AdminCoupon } from '@core/schemas/admin-promotions';
import { chinaPickerValue } from '@/lib/china-time';
import { dottedPath, zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { useSaveCoupon } from '../api/coupons';

/** What the modal edits: a template, `new`, or nothing (closed). */
export type CouponTarget = AdminCoupon | 'new' | null;

type Values = {
  name: string;
  type: 'manjian' | 'discount';
  threshold: string;
  amount: string;
  rate?: number;
  max_discount: string;
  scope: 'all' | 'categories' | 'goods';
  scope_ids: string;
  valid_days: number;
  period: [Dayjs, Dayjs];
  total: number;
  per_user: number;
  is_show: boolean;
};

const shape = couponTemplateBody.shape;
const DAY = 'YYYY-MM-DD';
const ids = (text: string) =>
  text
    .split(/[\s,，、]+/)
    .filter(Boolean)
    .map(Number);

/** The window's two server fields show under its one range picker. */
const fieldPath = (field: string) => (field === 'starts_at' || field === 'ends_at' ? ['period'] : dottedPath(field));

export function CouponModal({ target, onClose }: { target: CouponTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveCoupon();
  const editing = target && target !== 'new' ? target : null;
  const type = Form.useWatch('type', form);
  const scope = Form.useWatch('scope', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target !== 'new')
      form.setFieldsValue({
        name: target.name,
        type: target.type,
        threshold: target.threshold,
        amount: target.amount,
        rate: target.type === 'discount' ? target.rate : undefined,
        max_discount: target.max_discount,
        scope: target.scope,
        scope_ids: target.scope_ids.join(','),
        valid_days: target.valid_days,
        period: [dayjs(target.starts_at), dayjs(target.ends_at)],
        total: target.total,
        per_user: target.per_user,
        is_show: target.is_show === 1,
      });
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    const body = {
      name: v.name,
      type: v.type,
      threshold: v.threshold,
      amount: v.type === 'manjian' ? v.amount : '0',
      rate: v.type === 'discount' ? v.rate : undefined,
      max_discount: v.type === 'discount' ? v.max_discount || '0' : '0',
      scope: v.scope,
      scope_ids: v.scope === 'all' ? [] : ids(v.scope_ids ?? ''),
      valid_days: v.valid_days,
      starts_at: v.period[0].format(DAY),
      ends_at: v.period[1].format(DAY),
      total: v.total,
      per_user: v.per_user,
      is_show: v.is_show,
    };
    await save.mutateAsync({ id: editing?.id ?? null, body });
    return editing ? `已保存优惠券：${v.name}` : `已新增优惠券：${v.name}`;
  };

  return (
    <EditModal
      noun="优惠券"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      mapField={fieldPath}
      width={640}
      testId="coupon"
      initialValues={{
        type: 'manjian',
        threshold: '0',
        amount: '',
        max_discount: '0',
        scope: 'all',
        scope_ids: '',
        valid_days: 30,
        period: [chinaPickerValue(), chinaPickerValue().add(30, 'day')],
        total: 1000,
        per_user: 1,
        is_show: true,
      }}
    >
      <Form.Item name="name" label="优惠券名称" rules={[zodRule(shape.name)]}>
        <Input maxLength={60} placeholder="如 满300减15" data-testid="coupon-name" />
      </Form.Item>
      <Form.Item name="type" label="类型">
        <Radio.Group
          options={[
            { value: 'manjian', label: '满减券' },
            { value: 'discount', label: '折扣券' },
          ]}
        />
      </Form.Item>
      <Form.Item name="threshold" label="使用门槛" rules={[zodRule(shape.threshold)]} extra="商品金额满多少元可用，0 为无门槛">
        <Input prefix="¥" style={{ width: 180 }} data-testid="coupon-threshold" />
      </Form.Item>
      {type === 'discount' ? (
        <>
          <Form.Item name="rate" label="折扣" rules={[{ required: true, message: '请输入折扣（10-99，如 95 为9.5折）' }]} extra="支付的百分比，如 95 为 9.5 折">
            <InputNumber min={10} max={99} precision={0} style={{ width: 120 }} data-testid="coupon-rate" />
          </Form.Item>
          <Form.Item name="max_discount" label="最高减免" rules={[zodRule(shape.max_discount)]} extra="0 为不封顶">
            <Input prefix="¥" style={{ width: 180 }} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="amount" label="减免金额" rules={[{ required: true, message: '请输入减免金额' }, zodRule(shape.amount)]}>
          <Input prefix="¥" style={{ width: 180 }} data-testid="coupon-amount" />
        </Form.Item>
      )}
      <Form.Item name="scope" label="适用范围">
        <Select
          style={{ width: 180 }}
          options={[
            { value: 'all', label: '全场通用' },
            { value: 'categories', label: '指定分类' },
            { value: 'goods', label: '指定商品' },
          ]}
        />
      </Form.Item>
      {scope && scope !== 'all' ? (
        <Form.Item name="scope_ids" label={scope === 'goods' ? '商品ID' : '分类ID'} extra="多个 ID 用逗号分隔">
          <Input placeholder="如 12,35,108" />
        </Form.Item>
      ) : null}
      <Form.Item name="period" label="领取时间" rules={[{ required: true, message: '请选择领取时间' }]}>
        <DatePicker.RangePicker allowClear={false} />
      </Form.Item>
      <Form.Item name="valid_days" label="有效天数" rules={[zodRule(shape.valid_days)]} extra="领取后多少天内有效；0 为至领取结束日">
        <InputNumber min={0} max={365} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="total" label="发放总量" rules={[zodRule(shape.total)]} extra="0 为不限量">
        <InputNumber min={0} precision={0} style={{ width: 160 }} data-testid="coupon-total" />
      </Form.Item>
      <Form.Item name="per_user" label="每人限领" rules={[zodRule(shape.per_user)]}>
        <InputNumber min={1} max={99} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="is_show" label="领券中心展示" valuePropName="checked">
        <Switch />
      </Form.Item>
    </EditModal>
  );
}
