/** The cards of the goods form, each a section of its fields: 基本信息, 价格与库存, 效期与储存, 标签与状态. */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { PRESCRIPTION_CLASSES } from '@core/schemas/goods';
import { GOODS_TAGS_MAX, goodsCreateBody, STORAGE_CLASSES } from '@core/schemas/admin-goods';
import { zodRule } from '@/lib/form';
import { brandsQuery, categoriesQuery } from '@/lib/admin/taxonomy';
import { categoryOptions } from '@/lib/admin/category-tree';
import { scopesQuery } from '../api/taxonomy';
import { FLAGS, type GoodsFormValues } from '../lib/goods-form';
import { LadderField } from './LadderField';

const shape = goodsCreateBody.shape;

/** A date field: the form keeps `YYYY-MM-DD`, the picker a dayjs. */
const dateProps = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : ''),
};

const col = (node: ReactNode, span = 8) => <Col span={span}>{node}</Col>;

export function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} className="yct-admin-goods__card">
      {children}
    </Card>
  );
}

export function BasicCard() {
  const categories = useQuery(categoriesQuery());
  const brands = useQuery(brandsQuery());
  const scopes = useQuery(scopesQuery());
  const treeData = useMemo(() => categoryOptions(categories.data ?? [], { leavesOnly: true }), [categories.data]);
  return (
    <Section title="基本信息">
      <Row gutter={16}>
        {col(
          <Form.Item name="name" label="商品名称" rules={[zodRule(shape.name)]} required>
            <Input maxLength={100} placeholder="通用名，如 阿莫西林胶囊" data-testid="goods-name" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="ypgg" label="规格" rules={[zodRule(shape.ypgg)]} required>
            <Input maxLength={60} placeholder="如 0.25g*24粒" data-testid="goods-spec" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="bzdw" label="包装单位" rules={[zodRule(shape.bzdw)]} required>
            <Input maxLength={8} placeholder="如 盒" data-testid="goods-unit" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="sccj" label="生产厂家" rules={[zodRule(shape.sccj)]} required>
            <Input maxLength={100} data-testid="goods-maker" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="tym" label="通用名" rules={[zodRule(shape.tym)]} extra="与商品名称相同时可不填">
            <Input maxLength={100} placeholder="如 布洛芬缓释胶囊" data-testid="goods-tym" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="spm" label="商品名" rules={[zodRule(shape.spm)]}>
            <Input maxLength={60} placeholder="如 芬必得" data-testid="goods-spm" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="pzwh" label="批准文号" rules={[zodRule(shape.pzwh)]}>
            <Input maxLength={40} placeholder="如 国药准字H13020561" data-testid="goods-pzwh" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="tm" label="条形码" rules={[zodRule(shape.tm)]} extra="包装上的商品条码，8-14位数字；买家可扫码下单">
            <Input maxLength={14} inputMode="numeric" placeholder="如 6901234567892" data-testid="goods-tm" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="jx" label="剂型" rules={[zodRule(shape.jx)]}>
            <Input maxLength={16} placeholder="如 胶囊剂" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="cfl" label="处方分类" rules={[zodRule(shape.cfl)]} required>
            <Select options={PRESCRIPTION_CLASSES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="scope_id" label="经营范围" rules={[zodRule(shape.scope_id)]} extra="客户核准范围外的商品不能采购">
            <Select
              allowClear
              placeholder="不限"
              loading={scopes.isPending}
              options={(scopes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              data-testid="goods-scope"
            />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="category_id" label="分类" rules={[zodRule(shape.category_id)]} required>
            <TreeSelect
              placeholder="请选择最下级分类"
              treeData={treeData}
              showSearch={{ treeNodeFilterProp: 'title' }}
              loading={categories.isPending}
              treeDefaultExpandAll={false}
              popupMatchSelectWidth={280}
              data-testid="goods-category-field"
            />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="brand_id" label="品牌" rules={[zodRule(shape.brand_id)]}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="无品牌"
              loading={brands.isPending}
              options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.is_show ? b.name : `${b.name}（已隐藏）` }))}
              data-testid="goods-brand"
            />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="ck_id" label="仓库编号" rules={[zodRule(shape.ck_id)]}>
            <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} />
          </Form.Item>,
        )}
      </Row>
    </Section>
  );
}

type PriceCardProps = {
  /** Stored goods show `stock` where a new one asks for 初始库存. */
  stored: boolean;
  stock?: ReactNode;
  mayWrite: boolean;
};

export function PriceCard({ stored, stock, mayWrite }: PriceCardProps) {
  const form = Form.useFormInstance<GoodsFormValues>();
  const unit = Form.useWatch('bzdw', form) ?? '';
  const freeShipping = Form.useWatch('is_free_shipping', form);
  return (
    <Section title="价格与库存">
      <Row gutter={16}>
        {col(
          <Form.Item name="base_price" label="价格" rules={[zodRule(shape.base_price)]} required extra="采购单价，单位：元">
            <Input prefix="¥" suffix={unit ? `/${unit}` : undefined} placeholder="0.00" data-testid="goods-price" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="zbz" label="中包装" rules={[zodRule(shape.zbz)]} extra="起购与加购的步长">
            <InputNumber min={1} precision={0} style={{ width: '100%' }} suffix={unit} data-testid="goods-zbz" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="jzl" label="件装量" rules={[zodRule(shape.jzl)]} extra="整件的数量，不小于中包装">
            <InputNumber min={1} precision={0} style={{ width: '100%' }} suffix={unit} />
          </Form.Item>,
        )}
        {col(
          stored ? (
            <Form.Item label="库存">{stock}</Form.Item>
          ) : (
            <Form.Item name="number" label="初始库存" rules={[zodRule(shape.number)]} extra="记入库存流水">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} suffix={unit} data-testid="goods-number" />
            </Form.Item>
          ),
        )}
        {col(
          <Form.Item label="包邮" extra="单品采购达到数量后包邮">
            <Space size={8}>
              <Form.Item name="is_free_shipping" valuePropName="checked" noStyle>
                <Switch data-testid="goods-free-shipping" />
              </Form.Item>
              <Form.Item name="free_shipping_number" rules={[zodRule(shape.free_shipping_number)]} noStyle>
                <InputNumber min={0} precision={0} disabled={!freeShipping || !mayWrite} prefix="满" suffix={`${unit}包邮`} style={{ width: 150 }} />
              </Form.Item>
            </Space>
          </Form.Item>,
        )}
      </Row>
      <Form.Item label="阶梯价" extra="采购数量达到某一档时按该档单价计，数量越多单价越低，且均低于价格" style={{ marginBottom: 0 }}>
        <LadderField unit={unit} disabled={!mayWrite} />
      </Form.Item>
    </Section>
  );
}

export function ExpiryCard() {
  return (
    <Section title="效期与储存">
      <Row gutter={16}>
        {col(
          <Form.Item name="scrq" label="生产日期" rules={[zodRule(shape.scrq)]} required {...dateProps}>
            <DatePicker style={{ width: '100%' }} placeholder="YYYY-MM-DD" data-testid="goods-scrq" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="xq" label="效期" rules={[zodRule(shape.xq)]} required extra="有效期至：即将发货批号的效期" {...dateProps}>
            <DatePicker style={{ width: '100%' }} placeholder="YYYY-MM-DD" data-testid="goods-xq" />
          </Form.Item>,
        )}
        {col(
          <Form.Item
            name="min_shelf_days"
            label="近效期天数"
            rules={[zodRule(shape.min_shelf_days)]}
            extra="效期不足该天数的批号只在近效期专场销售；0 表示本品按近效期商品销售"
          >
            <InputNumber min={0} max={3650} precision={0} addonAfter="天" style={{ width: '100%' }} data-testid="goods-min-shelf-days" />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="ccfs" label="储存方式" rules={[zodRule(shape.ccfs)]}>
            <Select options={STORAGE_CLASSES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>,
        )}
      </Row>
    </Section>
  );
}

export function TagsCard() {
  return (
    <Section title="标签与状态">
      <Form.Item name="tags" label="标签" rules={[zodRule(shape.tags)]} extra={`最多${GOODS_TAGS_MAX}个，每个不超过6个字，显示在商品名称旁`}>
        <Select
          mode="tags"
          tokenSeparators={[',', '，', '、']}
          placeholder="输入后回车，如 新品、热销"
          open={false}
          style={{ maxWidth: 560 }}
          suffixIcon={null}
        />
      </Form.Item>
      <div className="yct-admin-goods__flags">
        {FLAGS.map(([name, label, hint]) => (
          <label key={name} className="yct-admin-goods__flag">
            <Form.Item name={name} valuePropName="checked" noStyle>
              <Switch size="small" data-testid={`goods-flag-${name}`} />
            </Form.Item>
            <div>
              <b>{label}</b>
              <span>{hint}</span>
            </div>
          </label>
        ))}
      </div>
    </Section>
  );
}
