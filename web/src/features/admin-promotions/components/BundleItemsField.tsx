/** 组合商品 of the bundle modal: two to ten goods, each found by name and given a number. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber } from 'antd';
import { BUNDLE_MAX_ITEMS, BUNDLE_MIN_ITEMS, type AdminBundle } from '@core/schemas/admin-promotions';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { findGoods } from '../api/activities';

export type BundleItem = { goods_id?: number; number: number };

const goodsOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
  (await findGoods(keyword, signal)).data.map((g) => ({ value: g.id, label: `${g.name} ${g.ypgg}（${g.sccj}）¥${g.base_price}`, price: g.base_price }));

type Props = {
  /** The bundle edited, whose goods are named before their options are found. */
  editing: AdminBundle | null;
  /** A goods chosen, with its own price (yuan). */
  onPick: (goodsId: number, price: string) => void;
};

export function BundleItemsField({ editing, onPick }: Props) {
  return (
    <Form.Item label="组合商品" required>
      <Form.List
        name="items"
        rules={[
          {
            validator: async (_, list: BundleItem[] | undefined) => {
              if (!list || list.length < BUNDLE_MIN_ITEMS) throw new Error(`组合至少包含${BUNDLE_MIN_ITEMS}个商品`);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div className="yct-admin-bundle__items" data-testid="bundle-items">
            {fields.map((field, index) => (
              <div key={field.key} className="yct-admin-bundle__item" data-testid="bundle-line">
                <Form.Item name={[field.name, 'goods_id']} rules={[{ required: true, message: '请选择商品' }]} style={{ flex: 1, marginBottom: 8 }}>
                  <SearchSelect
                    find={goodsOptions}
                    hint="输入商品名称、厂家或批准文号查找"
                    placeholder={`商品 ${index + 1}`}
                    labelRender={({ value, label }) => label ?? editing?.items.find((i) => i.goods_id === value)?.name ?? `商品 #${String(value)}`}
                    onChange={(_, option) => {
                      const picked = Array.isArray(option) ? option[0] : option;
                      if (picked?.price) onPick(picked.value, picked.price);
                    }}
                    data-testid="bundle-goods"
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'number']} rules={[{ required: true, message: '请输入数量' }]} style={{ marginBottom: 8 }}>
                  <InputNumber min={1} max={9999} precision={0} addonBefore="×" style={{ width: 120 }} data-testid="bundle-number" />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  onClick={() => remove(field.name)}
                  disabled={fields.length <= BUNDLE_MIN_ITEMS}
                  aria-label="移除商品"
                />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            {fields.length < BUNDLE_MAX_ITEMS ? (
              <Button type="dashed" onClick={() => add({ number: 1 })} icon={<PlusOutlined />} data-testid="bundle-add-item">
                添加商品（最多{BUNDLE_MAX_ITEMS}个）
              </Button>
            ) : null}
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
