/**
 * The goods form, new or edited, in cards: 基本信息, 价格与库存, 效期与储存, 标签与状态, 图片 and 说明书. Each field
 * checks itself with the rule of core's schema, the rules between fields (dates in order, ladder tiers falling
 * in price) are checked with the whole schema before sending, and the server's 422 messages stand under their
 * fields too. Prices are typed in yuan.
 */
import { SaveOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { goodsCreateBody, type AdminGoodsDetail } from '@core/schemas/admin-goods';
import { applyServerErrors, zodRule } from '@/lib/form';
import { ImagesField } from '@/ui/admin/ImagesField';
import { useSaveGoods, type GoodsBody } from '../api/save-goods';
import { EMPTY_GOODS, pathOf, valuesOf, type GoodsFormValues as Values } from '../lib/goods-form';
import { BasicCard, ExpiryCard, PriceCard, Section, TagsCard } from './GoodsFormCards';

const shape = goodsCreateBody.shape;

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

  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={goods ? valuesOf(goods) : EMPTY_GOODS}
      onFinish={(v) => void submit(v)}
      onFinishFailed={({ errorFields }) => errorFields[0] && form.scrollToField(errorFields[0].name, { block: 'center' })}
      disabled={!mayWrite}
      className="yct-admin-goods__form"
      data-testid="goods-form"
      scrollToFirstError={false}
    >
      <BasicCard />
      <PriceCard stored={Boolean(goods)} stock={stock} mayWrite={mayWrite} />
      <ExpiryCard />
      <TagsCard />

      <Section title="商品图片" extra={<span className="yct-muted">第一张为主图，JPG/PNG/GIF/WEBP，每张不超过2MB，最多10张</span>}>
        <Form.Item name="goods_image" rules={[zodRule(shape.goods_image)]} style={{ marginBottom: 0 }}>
          <ImagesField disabled={!mayWrite} />
        </Form.Item>
      </Section>

      <Section title="功能主治">
        <Form.Item name="gnzz" rules={[zodRule(shape.gnzz)]} style={{ marginBottom: 0 }} extra="商品详情页展示；客户搜索症状（如 头痛、咳嗽）时也能找到">
          <Input.TextArea rows={2} maxLength={500} showCount placeholder="如 用于缓解轻至中度疼痛，如头痛、关节痛、牙痛" data-testid="goods-gnzz" />
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
