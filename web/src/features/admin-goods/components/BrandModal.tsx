/** 新增品牌 and 编辑品牌 in one modal: name (unique), logo, banner, introduction and sort, checked with core's schema first. */
import { Form, Input, InputNumber, Switch } from 'antd';
import { useEffect } from 'react';
import { brandCreateBody, type AdminBrand } from '@core/schemas/admin-goods';
import { zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { useSaveBrand } from '../api/taxonomy';
import { ImagesField } from '@/ui/admin/ImagesField';

type Values = { name: string; logo: string; banner: string; description: string; sort: number; is_show: boolean };
/** What the modal edits: a brand, `new`, or nothing (closed). */
export type BrandTarget = AdminBrand | 'new' | null;

const shape = brandCreateBody.shape;
/** One picture as the picture list ImagesField edits. */
const onePicture = {
  getValueProps: (v?: string) => ({ value: v ? [v] : [] }),
  normalize: (list: string[]) => list[0] ?? '',
};

export function BrandModal({ target, onClose }: { target: BrandTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveBrand();
  const editing = target && target !== 'new' ? target : null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target !== 'new') {
      const { name, logo, banner, description, sort, is_show } = target;
      form.setFieldsValue({ name, logo, banner, description, sort, is_show: is_show === 1 });
    }
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    await save.mutateAsync(editing ? { id: editing.id, body: v } : { id: null, body: v });
    return editing ? `已保存品牌：${v.name}` : `已新增品牌：${v.name}`;
  };

  return (
    <EditModal
      noun="品牌"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      width={600}
      labelWidth={84}
      testId="brand"
      initialValues={{ name: '', logo: '', banner: '', description: '', sort: 0, is_show: true }}
    >
      <Form.Item name="name" label="品牌名称" rules={[zodRule(shape.name)]}>
        <Input maxLength={32} placeholder="如 华润三九" data-testid="brand-name" />
      </Form.Item>
      <Form.Item name="logo" label="品牌标志" rules={[zodRule(shape.logo)]} {...onePicture}>
        <ImagesField max={1} data-testid="brand-logo" />
      </Form.Item>
      <Form.Item name="banner" label="品牌横幅" rules={[zodRule(shape.banner)]} extra="品牌专区页顶部横幅" {...onePicture}>
        <ImagesField max={1} data-testid="brand-banner" />
      </Form.Item>
      <Form.Item name="description" label="品牌介绍" rules={[zodRule(shape.description)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[zodRule(shape.sort)]} extra="数字越小越靠前">
        <InputNumber precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="is_show" label="显示" valuePropName="checked">
        <Switch />
      </Form.Item>
    </EditModal>
  );
}
