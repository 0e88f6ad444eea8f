/**
 * 新增组合 and 编辑组合 in one modal: the 组合购 activity, the name, two to ten goods with their numbers, and the
 * bundle price, with the goods at their own prices added up beside it and what the bundle saves. The server's
 * answer on a field (a goods taken off sale, a price not below the separate total) shows under that field.
 */
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect, useRef } from 'react';
import type { AdminBundle } from '@core/schemas/admin-promotions';
import { formatMoney, yuanToFen } from '@core/money';
import { EditModal } from '@/ui/admin/EditModal';
import { useBundleActivities, useSaveBundle } from '../api/bundles';
import { BundleItemsField, type BundleItem } from './BundleItemsField';

/** What the modal edits: a bundle, `new`, or nothing (closed). */
export type BundleTarget = AdminBundle | 'new' | null;

type Values = { activity_id?: number; name: string; price: string; items: BundleItem[]; sort: number; is_show: boolean };

const PRICE_RE = /^\d{1,7}(\.\d{1,2})?$/;

export function BundleModal({ target, onClose }: { target: BundleTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveBundle();
  const editing = target && target !== 'new' ? target : null;
  const activities = useBundleActivities(Boolean(target));
  // The own price of every goods chosen so far, to add up the separate total as the form changes.
  const prices = useRef(new Map<number, string>());
  const items = Form.useWatch('items', form) ?? [];
  const price = Form.useWatch('price', form) ?? '';

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    prices.current = new Map(editing?.items.map((i) => [i.goods_id, i.base_price]) ?? []);
    if (editing)
      form.setFieldsValue({
        activity_id: editing.activity_id || undefined,
        name: editing.name,
        price: editing.price,
        items: editing.items.map((i) => ({ goods_id: i.goods_id, number: i.number })),
        sort: editing.sort,
        is_show: editing.is_show === 1,
      });
  }, [form, target, editing]);

  // A new bundle goes into the running 组合购 activity, or the latest one.
  const choices = activities.data?.data;
  useEffect(() => {
    if (target !== 'new' || !choices?.length || form.getFieldValue('activity_id')) return;
    form.setFieldValue('activity_id', (choices.find((a) => a.state_text === '进行中') ?? choices[0]).id);
  }, [target, choices, form]);

  const separate = items.reduce((sum, i) => {
    const own = i?.goods_id ? prices.current.get(i.goods_id) : undefined;
    return own && i.number ? sum + yuanToFen(own) * i.number : sum;
  }, 0);
  const bundle = PRICE_RE.test(price.trim()) ? yuanToFen(price.trim()) : null;

  const submit = async (v: Values): Promise<string> => {
    const body = {
      activity_id: v.activity_id ?? 0,
      name: v.name,
      price: v.price,
      items: v.items.map((i) => ({ goods_id: i.goods_id ?? 0, number: i.number })),
      sort: v.sort,
      is_show: v.is_show,
    };
    await save.mutateAsync({ id: editing?.id ?? null, body });
    return editing ? `已保存组合：${v.name}` : `已新增组合：${v.name}`;
  };

  return (
    <EditModal
      noun="组合"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      width={760}
      testId="bundle"
      initialValues={{ name: '', price: '', items: [{ number: 1 }, { number: 1 }], sort: 0, is_show: true }}
    >
      <Form.Item name="activity_id" label="所属活动" rules={[{ required: true, message: '请选择组合购活动' }]}>
        <Select
          loading={activities.isPending}
          options={(choices ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.starts_at} 至 ${a.ends_at}，${a.state_text}）` }))}
          placeholder="选择组合购活动"
          notFoundContent="还没有组合购活动，请先在“促销活动”中查看"
          data-testid="bundle-activity"
        />
      </Form.Item>
      <Form.Item name="name" label="组合名称" rules={[{ required: true, whitespace: true, message: '请输入组合名称' }]}>
        <Input maxLength={60} showCount placeholder="如：感冒组合：感冒灵颗粒 + 板蓝根颗粒" data-testid="bundle-name" />
      </Form.Item>
      <BundleItemsField editing={editing} onPick={(goodsId, own) => prices.current.set(goodsId, own)} />
      <Form.Item
        name="price"
        label="组合价"
        rules={[
          { required: true, message: '请输入组合价' },
          { pattern: PRICE_RE, message: '组合价须为金额（元），最多两位小数' },
        ]}
        extra={
          <span data-testid="bundle-total">
            单买合计 {formatMoney(separate)}
            {bundle !== null && separate > 0 ? (
              bundle < separate ? (
                <>
                  ，组合立省 <b className="yct-admin-red">{formatMoney(separate - bundle)}</b>
                </>
              ) : (
                <span className="yct-admin-red">，组合价须低于单买合计</span>
              )
            ) : null}
          </span>
        }
      >
        <Input prefix="¥" style={{ width: 160 }} data-testid="bundle-price" />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="数字越小越靠前">
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Form.Item name="is_show" label="上架" valuePropName="checked">
        <Switch />
      </Form.Item>
    </EditModal>
  );
}
