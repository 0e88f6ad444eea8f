/**
 * 新增分类 and 编辑分类 in one modal: name, parent (goods hang on the deepest level, so a category holding goods
 * takes no sub-categories: the server says so under the field) and sort. Checked with core's schema first.
 */
import { Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { categoryCreateBody, type AdminCategory } from '@core/schemas/admin-goods';
import { zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { useSaveCategory } from '../api/taxonomy';
import { categoryOptions } from '@/lib/admin/category-tree';

type Values = { name: string; parent_id: number; sort: number; is_show: boolean };
/** What the modal edits: a category, or a new one under a parent (0: the top level). */
export type CategoryTarget = { category: AdminCategory } | { parentId: number } | null;

const shape = categoryCreateBody.shape;

export function CategoryModal({ target, categories, onClose }: { target: CategoryTarget; categories: AdminCategory[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveCategory();
  const editing = target && 'category' in target ? target.category : null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('category' in target)
      form.setFieldsValue({
        name: target.category.name,
        parent_id: target.category.parent_id,
        sort: target.category.sort,
        is_show: target.category.is_show === 1,
      });
    else form.setFieldsValue({ name: '', parent_id: target.parentId, sort: 0, is_show: true });
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    const body = { name: v.name, parent_id: v.parent_id ?? 0, sort: v.sort ?? 0, is_show: v.is_show };
    await save.mutateAsync(editing ? { id: editing.id, body } : { id: null, body });
    return editing ? `已保存分类：${v.name}` : `已新增分类：${v.name}`;
  };

  return (
    <EditModal
      noun="分类"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      width={520}
      labelWidth={84}
      testId="category"
    >
      <Form.Item name="parent_id" label="上级分类" extra="商品只能挂在最下级分类；已有商品的分类不能再添加下级">
        <TreeSelect
          treeData={[{ value: 0, title: '顶级分类' }, ...categoryOptions(categories, { without: editing?.id })]}
          showSearch={{ treeNodeFilterProp: 'title' }}
          popupMatchSelectWidth={300}
          data-testid="category-parent"
        />
      </Form.Item>
      <Form.Item name="name" label="分类名称" rules={[zodRule(shape.name)]}>
        <Input maxLength={32} placeholder="如 抗感染药" data-testid="category-name" />
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
