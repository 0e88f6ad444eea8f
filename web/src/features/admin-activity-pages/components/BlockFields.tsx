/**
 * The form of one block of an activity page, by its kind. Field names follow `blockInput`, so that a 422 keyed
 * `blocks.2.goods_ids` lands under the same field of the third block.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, TreeSelect } from 'antd';
import type { BlockInput } from '@core/schemas/activity-pages';
import { categoryOptions } from '@/lib/admin/category-tree';
import { brandsQuery, categoriesQuery } from '@/lib/admin/taxonomy';
import { PictureField } from '@/ui/admin/PictureField';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { findGoods, useCouponOptions } from '../api/activity-pages';

const goodsOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
  (await findGoods(keyword, signal)).data.map((g) => ({ value: g.id, label: `${g.name} ${g.ypgg}（${g.sccj}）` }));
const SORTS = [
  { value: 'sales', label: '销量优先' },
  { value: 'price', label: '价格从低到高' },
  { value: 'newest', label: '新品优先' },
  { value: 'default', label: '综合排序' },
];

function GoodsPicker({ name }: { name: (string | number)[] }) {
  return (
    <Form.Item name={name} label="指定商品" extra="按选择顺序展示；不指定时按下方筛选条件取商品">
      <SearchSelect
        mode="multiple"
        find={goodsOptions}
        hint="输入商品名称、厂家或批准文号查找"
        labelRender={({ value, label }) => label ?? `商品 #${String(value)}`}
        placeholder="查找并选择商品"
        data-testid="block-goods-pick"
      />
    </Form.Item>
  );
}

function CouponPicker({ name }: { name: (string | number)[] }) {
  const coupons = useCouponOptions(true);
  return (
    <Form.Item name={name} label="优惠券" extra="1-8张，按选择顺序展示；已结束或未展示的券在前台不显示">
      <Select
        mode="multiple"
        loading={coupons.isPending}
        optionFilterProp="label"
        options={coupons.data?.data.map((c) => ({ value: c.id, label: `${c.name}（${c.state_text}）` }))}
        placeholder="选择优惠券"
        data-testid="block-coupons-pick"
      />
    </Form.Item>
  );
}

function LinksFields({ name }: { name: (string | number)[] }) {
  return (
    <Form.Item label="入口" required>
      <Form.List name={[...name, 'links']}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="start" className="yct-admin-blocks__link">
                <Form.Item name={[field.name, 'title']} rules={[{ required: true, message: '请输入入口名称' }]}>
                  <Input placeholder="入口名称" style={{ width: 130 }} maxLength={20} />
                </Form.Item>
                <Form.Item name={[field.name, 'url']} rules={[{ required: true, message: '请输入入口链接' }]}>
                  <Input placeholder="链接，如 /lqzx" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'image']} tooltip="入口图标，可不传">
                  <PictureField compact data-testid="block-link-image" />
                </Form.Item>
                {fields.length > 1 ? <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="删除入口" style={{ marginTop: 9 }} /> : null}
              </Space>
            ))}
            {fields.length < 12 ? (
              <Button type="dashed" onClick={() => add({ title: '', url: '', image: '' })} icon={<PlusOutlined />}>
                添加入口
              </Button>
            ) : null}
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

const titleField = (name: (string | number)[], placeholder: string) => (
  <Form.Item name={[...name, 'title']} label="模块标题">
    <Input maxLength={30} placeholder={placeholder} data-testid="block-title" />
  </Form.Item>
);

/** A goods grid's category filter: any level of the menu (a parent takes its sub-categories' goods). */
function CategoryPick({ value, onChange }: { value?: number; onChange?: (v: number | undefined) => void }) {
  const categories = useQuery(categoriesQuery());
  return (
    <TreeSelect
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      treeData={categoryOptions(categories.data ?? [])}
      loading={categories.isPending}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      placeholder="分类（全部）"
      popupMatchSelectWidth={260}
      style={{ width: 150 }}
      data-testid="block-category"
    />
  );
}

/** A goods grid's brand filter. */
function BrandPick({ value, onChange }: { value?: number; onChange?: (v: number | undefined) => void }) {
  const brands = useQuery(brandsQuery());
  return (
    <Select
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.is_show ? b.name : `${b.name}（已隐藏）` }))}
      loading={brands.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder="品牌（全部）"
      popupMatchSelectWidth={200}
      style={{ width: 140 }}
      data-testid="block-brand"
    />
  );
}

export function BlockFields({ kind, name }: { kind: BlockInput['kind']; name: number }) {
  const at = [name];
  switch (kind) {
    case 'banner':
      return (
        <>
          <Form.Item name={[name, 'image']} label="横幅图片" rules={[{ required: true, message: '请上传横幅图片或填写图片地址' }]} extra="建议 1200×400">
            <PictureField size={[240, 80]} placeholder="上传图片，或填写 /api/img/banner.svg?t=… 或 https://…" data-testid="block-image" />
          </Form.Item>
          <Form.Item name={[name, 'url']} label="跳转链接">
            <Input placeholder="可不填，如 /list?keywords=感冒" data-testid="block-url" />
          </Form.Item>
        </>
      );
    case 'countdown':
      return titleField(at, '如 专区限时供应（倒计时到活动结束，未开始时到开始）');
    case 'coupons':
      return (
        <>
          {titleField(at, '如 专区好券 先领后买')}
          <CouponPicker name={[name, 'coupon_ids']} />
        </>
      );
    case 'goods':
      return (
        <>
          {titleField(at, '如 热销爆品')}
          <GoodsPicker name={[name, 'goods_ids']} />
          <Form.Item label="筛选条件">
            <Space wrap>
              <Form.Item name={[name, 'keywords']} noStyle>
                <Input placeholder="关键词" style={{ width: 140 }} maxLength={30} />
              </Form.Item>
              <Form.Item name={[name, 'category_id']} noStyle>
                <CategoryPick />
              </Form.Item>
              <Form.Item name={[name, 'brand_id']} noStyle>
                <BrandPick />
              </Form.Item>
              <Form.Item name={[name, 'sort']} noStyle>
                <Select options={SORTS} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item name={[name, 'limit']} noStyle>
                <InputNumber min={4} max={60} precision={0} suffix="个" style={{ width: 110 }} />
              </Form.Item>
            </Space>
          </Form.Item>
        </>
      );
    case 'bundles':
      return titleField(at, '如 组合套餐 更省钱（展示组合购进行中的套餐）');
    case 'text':
      return (
        <Form.Item
          name={[name, 'html']}
          label="图文内容"
          rules={[{ required: true, message: '请输入图文内容' }]}
          extra="HTML，可用 h3、p、ol/ul、strong、img、a 等；脚本、样式和事件属性保存时会被去掉"
        >
          <Input.TextArea rows={6} placeholder="<h3>活动规则</h3><p>…</p>" data-testid="block-html" />
        </Form.Item>
      );
    case 'links':
      return (
        <>
          {titleField(at, '如 更多优惠')}
          <LinksFields name={at} />
        </>
      );
  }
}

/** A new block of a kind with the fields its form starts from. */
export function emptyBlock(kind: BlockInput['kind']): Record<string, unknown> {
  switch (kind) {
    case 'banner':
      return { kind, image: '', url: '' };
    case 'coupons':
      return { kind, title: '', coupon_ids: [] };
    case 'goods':
      return { kind, title: '', goods_ids: [], keywords: '', sort: 'sales', limit: 10 };
    case 'text':
      return { kind, html: '' };
    case 'links':
      return { kind, title: '', links: [{ title: '', url: '', image: '' }] };
    default:
      return { kind, title: '' };
  }
}
