/**
 * The goods form, new or edited, in cards: 基本信息, 价格与库存, 效期与储存, 标签与状态, 图片 and 说明书. Each field
 * checks itself with the rule of core's schema, the rules between fields (dates in order, ladder tiers falling
 * in price) are checked with the whole schema before sending, and the server's 422 messages stand under their
 * fields too. Prices are typed in yuan.
 */
import { SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PRESCRIPTION_CLASSES } from '@core/schemas/goods';
import { GOODS_TAGS_MAX, goodsCreateBody, STORAGE_CLASSES, type AdminGoodsDetail } from '@core/schemas/admin-goods';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useSaveGoods, type GoodsBody } from '../api/save-goods';
import { brandsQuery, categoriesQuery } from '@/lib/admin/taxonomy';
import { scopesQuery } from '../api/taxonomy';
import { categoryOptions } from '@/lib/admin/category-tree';
import { ImagesField } from '@/ui/admin/ImagesField';
import { LadderField } from './LadderField';

const shape = goodsCreateBody.shape;
const FLAGS = [
  ['is_on_sale', '上架', '下架后客户无法搜索和采购'],
  ['is_buy', '可购买', '关闭后仅展示，不能加入购物车'],
  ['is_youx', '优选', '显示“优”标，进入优选专区'],
  ['is_kx', '控销', '仅控销客户可见可买'],
  ['is_zy', '中药', '进入中药专区'],
  ['is_qx', '器械', '进入器械专区'],
  ['is_ephedrine', '含麻黄碱', '限购，须对公转账并回传签收单'],
] as const;
type Flag = (typeof FLAGS)[number][0] | 'is_free_shipping';

/** The form's values: the schema's input, with switches as booleans. */
type Values = Omit<GoodsBody, Flag> & Record<Flag, boolean>;

const EMPTY: Partial<Values> = {
  cfl: '乙类OTC',
  ccfs: '常温',
  ck_id: 1,
  zbz: 1,
  jzl: 1,
  number: 0,
  free_shipping_number: 0,
  is_on_sale: true,
  is_buy: true,
  is_youx: false,
  is_kx: false,
  is_zy: false,
  is_qx: false,
  is_ephedrine: false,
  is_free_shipping: false,
  tags: [],
  ladder_price: [],
  goods_image: [],
  pzwh: '',
  jx: '',
  instructions: '',
};

function valuesOf(g: AdminGoodsDetail): Values {
  return {
    name: g.name,
    sccj: g.sccj,
    ypgg: g.ypgg,
    bzdw: g.bzdw,
    pzwh: g.pzwh,
    jx: g.jx,
    cfl: g.cfl as Values['cfl'],
    scrq: g.scrq,
    xq: g.xq,
    zbz: g.zbz,
    jzl: g.jzl,
    ccfs: g.ccfs as Values['ccfs'],
    ck_id: g.ck_id,
    category_id: g.category_id,
    brand_id: g.brand_id,
    scope_id: g.scope_id,
    is_youx: g.is_youx === 1,
    is_kx: g.is_kx === 1,
    is_zy: g.is_zy === 1,
    is_qx: g.is_qx === 1,
    is_ephedrine: g.is_ephedrine === 1,
    is_free_shipping: g.is_free_shipping === 1,
    free_shipping_number: g.free_shipping_number,
    is_buy: g.is_buy === 1,
    is_on_sale: g.is_on_sale === 1,
    tags: g.tags,
    base_price: g.base_price,
    ladder_price: g.ladder_price.map((t) => ({ number: t.number, price: t.price })),
    goods_image: g.goods_image,
    instructions: g.instructions,
  };
}

/** A server or schema field (`ladder_price.1.price`, `goods_image.0`) as the form's path. */
function pathOf(field: string): (string | number)[] {
  const parts = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return parts[0] === 'goods_image' || parts[0] === 'tags' ? [parts[0]] : parts;
}

/** A date field: the form keeps `YYYY-MM-DD`, the picker a dayjs. */
const dateProps = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : ''),
};

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} className="yct-admin-goods__card">
      {children}
    </Card>
  );
}

/** Mounted once per goods (`key` its id): the values are read at mount, so a refetch (after a stock change) keeps what is being typed. */
type Props = {
  goods: AdminGoodsDetail | null;
  /** Whether the operator may save (goods:write); otherwise the form is read-only. */
  mayWrite: boolean;
  /** What stands in 价格与库存 instead of 初始库存 once the goods exist (their stock and a link to 库存). */
  stock?: ReactNode;
};

export function GoodsForm({ goods, mayWrite, stock }: Props) {
  const [form] = Form.useForm<Values>();
  const save = useSaveGoods();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const categories = useQuery(categoriesQuery());
  const brands = useQuery(brandsQuery());
  const scopes = useQuery(scopesQuery());
  const unit = Form.useWatch('bzdw', form) ?? '';
  const freeShipping = Form.useWatch('is_free_shipping', form);
  const treeData = useMemo(() => categoryOptions(categories.data ?? [], { leavesOnly: true }), [categories.data]);

  const submit = async (values: Values) => {
    // The rules between fields, exactly as the server checks them.
    const parsed = goodsCreateBody.safeParse(values);
    if (!parsed.success) {
      const fields = new Map<string, { name: (string | number)[]; errors: string[] }>();
      for (const issue of parsed.error.issues) {
        const name = pathOf(issue.path.join('.'));
        const key = name.join('.');
        if (!fields.has(key)) fields.set(key, { name, errors: [issue.message] });
      }
      form.setFields([...fields.values()]);
      form.scrollToField([...fields.values()][0].name, { block: 'center', behavior: 'smooth' });
      return;
    }
    const { number, ...rest } = values;
    const body: GoodsBody = goods ? rest : { ...rest, number };
    try {
      const saved = await save.mutateAsync({ id: goods?.id ?? null, body });
      void message.success(goods ? `已保存：${saved.name}` : `已新增商品：${saved.name}`);
      // The form shows the goods as stored (36.8 is kept as 36.80).
      if (goods) form.setFieldsValue(valuesOf(saved));
      else void navigate(`/admin/goods/${saved.id}`, { replace: true });
    } catch (e) {
      const left = applyServerErrors(form, e, pathOf);
      if (left.length) void message.error(left[0]);
    }
  };

  const col = (node: ReactNode, span = 8) => <Col span={span}>{node}</Col>;

  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={goods ? valuesOf(goods) : EMPTY}
      onFinish={(v) => void submit(v)}
      onFinishFailed={({ errorFields }) => errorFields[0] && form.scrollToField(errorFields[0].name, { block: 'center' })}
      disabled={!mayWrite}
      className="yct-admin-goods__form"
      data-testid="goods-form"
      scrollToFirstError={false}
    >
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
            <Form.Item name="pzwh" label="批准文号" rules={[zodRule(shape.pzwh)]}>
              <Input maxLength={40} placeholder="如 国药准字H13020561" data-testid="goods-pzwh" />
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
            goods ? (
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

      <Section title="效期与储存">
        <Row gutter={16}>
          {col(
            <Form.Item name="scrq" label="生产日期" rules={[zodRule(shape.scrq)]} required {...dateProps}>
              <DatePicker style={{ width: '100%' }} placeholder="YYYY-MM-DD" data-testid="goods-scrq" />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="xq" label="效期" rules={[zodRule(shape.xq)]} required extra="有效期至，6个月内到期为近效期" {...dateProps}>
              <DatePicker style={{ width: '100%' }} placeholder="YYYY-MM-DD" data-testid="goods-xq" />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="ccfs" label="储存方式" rules={[zodRule(shape.ccfs)]}>
              <Select options={STORAGE_CLASSES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>,
          )}
        </Row>
      </Section>

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

      <Section title="商品图片" extra={<span className="yct-muted">第一张为主图，JPG/PNG/GIF/WEBP，每张不超过2MB，最多10张</span>}>
        <Form.Item name="goods_image" rules={[zodRule(shape.goods_image)]} style={{ marginBottom: 0 }}>
          <ImagesField disabled={!mayWrite} />
        </Form.Item>
      </Section>

      <Section title="说明书">
        <Form.Item name="instructions" rules={[zodRule(shape.instructions)]} style={{ marginBottom: 0 }}>
          <Input.TextArea rows={5} maxLength={20000} showCount placeholder="【成份】【适应症】【用法用量】【不良反应】【禁忌】【注意事项】……" />
        </Form.Item>
      </Section>

      {mayWrite ? (
        <div className="yct-admin-goods__savebar">
          <Space>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="goods-save">
              {goods ? '保存修改' : '新增商品'}
            </Button>
            <Button onClick={() => void navigate('/admin/goods')}>返回列表</Button>
          </Space>
        </div>
      ) : null}
    </Form>
  );
}
