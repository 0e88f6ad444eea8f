/**
 * 新增积分商品 and 编辑积分商品 in one modal, checked with core's schema first; the server's answer on a field shows
 * under it. A coupon goods names the coupon template it hands out, a red packet goods its amount; the kind of a
 * goods already created stays.
 */
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { pointsGoodsBody, type AdminPointsGoods, type PointsKind } from '@core/schemas/points';
import { zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { PictureField } from '@/ui/admin/PictureField';
import { findCoupons, POINTS_GOODS_KEY, useSavePointsGoods } from '../api/points-goods';

/** What the modal edits: a goods, `new`, or nothing (closed). */
export type PointsGoodsTarget = AdminPointsGoods | 'new' | null;

type Values = {
  name: string;
  kind: PointsKind;
  picture: string;
  description: string;
  points: number;
  cash: string;
  stock: number;
  per_user: number;
  coupon_id?: number;
  red_packet: string;
  sort: number;
  is_show: boolean;
};

const shape = pointsGoodsBody.shape;

function CouponSelect({ value, onChange, initialName }: { value?: number; onChange?: (v: number) => void; initialName: string }) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: [...POINTS_GOODS_KEY, 'coupons', keyword],
    queryFn: ({ signal }) => findCoupons(keyword, signal),
  });
  const options = (found.data?.data ?? []).map((c) => ({
    value: c.id,
    label: `${c.name}（${c.type === 'manjian' ? `满${c.threshold}减${c.amount}` : `${c.rate / 10}折`}）`,
  }));
  if (value && initialName && !options.some((o) => o.value === value)) options.unshift({ value, label: initialName });
  return (
    <Select
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      value={value}
      onChange={onChange}
      options={options}
      loading={found.isFetching}
      placeholder="搜索优惠券名称"
      style={{ width: 340 }}
      data-testid="points-goods-coupon"
    />
  );
}

export function PointsGoodsModal({ target, onClose }: { target: PointsGoodsTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSavePointsGoods();
  const editing = target && target !== 'new' ? target : null;
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target !== 'new')
      form.setFieldsValue({
        name: target.name,
        kind: target.kind,
        picture: target.picture,
        description: target.description,
        points: target.points,
        cash: target.cash,
        stock: target.stock,
        per_user: target.per_user,
        coupon_id: target.coupon_id ?? undefined,
        red_packet: target.red_packet,
        sort: target.sort,
        is_show: target.is_show === 1,
      });
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    const body = {
      ...v,
      cash: v.cash || '0',
      red_packet: v.kind === 'red_packet' ? v.red_packet : '0',
      coupon_id: v.kind === 'coupon' ? v.coupon_id : undefined,
      is_show: v.is_show,
    };
    await save.mutateAsync({ id: editing?.id ?? null, body });
    return editing ? `已保存积分商品：${v.name}` : `已新增积分商品：${v.name}`;
  };

  return (
    <EditModal
      noun="积分商品"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      width={680}
      testId="points-goods"
      initialValues={{ kind: 'physical', cash: '0', stock: 100, per_user: 0, red_packet: '0', sort: 0, is_show: true, description: '' }}
    >
      <Form.Item name="kind" label="商品类型">
        <Radio.Group
          disabled={Boolean(editing)}
          options={[
            { value: 'physical', label: '实物商品' },
            { value: 'coupon', label: '优惠券' },
            { value: 'red_packet', label: '账户红包' },
          ]}
          data-testid="points-goods-kind"
        />
      </Form.Item>
      <Form.Item name="name" label="商品名称" rules={[zodRule(shape.name)]}>
        <Input maxLength={60} placeholder="如 医用外科口罩 50只/盒" data-testid="points-goods-name" />
      </Form.Item>
      {kind === 'coupon' ? (
        <Form.Item name="coupon_id" label="兑换优惠券" rules={[{ required: true, message: '请选择兑换的优惠券' }]} extra="每兑换 1 件发放 1 张该优惠券">
          <CouponSelect initialName={editing?.coupon_name ?? ''} />
        </Form.Item>
      ) : null}
      {kind === 'red_packet' ? (
        <Form.Item name="red_packet" label="红包金额" rules={[zodRule(shape.red_packet)]} extra="每兑换 1 件存入账户红包的金额">
          <Input prefix="¥" style={{ width: 180 }} data-testid="points-goods-red-packet" />
        </Form.Item>
      ) : null}
      <Form.Item label="兑换价格" required style={{ marginBottom: 0 }}>
        <Form.Item name="points" rules={[zodRule(shape.points)]} style={{ display: 'inline-block', marginRight: 12 }}>
          <InputNumber min={1} precision={0} addonAfter="积分" style={{ width: 180 }} data-testid="points-goods-points" />
        </Form.Item>
        <Form.Item name="cash" rules={[zodRule(shape.cash)]} style={{ display: 'inline-block' }} extra="加价部分从余额支付，0 为纯积分">
          <Input prefix="+ ¥" style={{ width: 160 }} data-testid="points-goods-cash" />
        </Form.Item>
      </Form.Item>
      <Form.Item label="库存与限兑" required style={{ marginBottom: 0 }}>
        <Form.Item name="stock" rules={[zodRule(shape.stock)]} style={{ display: 'inline-block', marginRight: 12 }}>
          <InputNumber min={0} precision={0} addonBefore="库存" style={{ width: 180 }} data-testid="points-goods-stock" />
        </Form.Item>
        <Form.Item name="per_user" rules={[zodRule(shape.per_user)]} style={{ display: 'inline-block' }} extra="每个账户累计可兑件数，0 为不限">
          <InputNumber min={0} precision={0} addonBefore="每人限兑" style={{ width: 180 }} data-testid="points-goods-per-user" />
        </Form.Item>
      </Form.Item>
      <Form.Item name="picture" label="商品图片" rules={[zodRule(shape.picture)]} extra="上传图片，或填写 http(s):// 或站内 / 开头的图片地址">
        <PictureField size={[96, 96]} data-testid="points-goods-picture" />
      </Form.Item>
      <Form.Item name="description" label="商品说明" rules={[zodRule(shape.description)]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="规格、发货说明、使用说明等" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[zodRule(shape.sort)]} extra="数字小的排在前面">
        <InputNumber min={0} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="is_show" label="上架" valuePropName="checked">
        <Switch data-testid="points-goods-show" />
      </Form.Item>
    </EditModal>
  );
}
