/**
 * 新增导航 and 编辑导航 in one modal: a top entry of the nav bar, or a child shown in a top entry's pop-over (two levels
 * at most). Checked with core's schema first; the server's answer on a field shows under it.
 */
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { navBody, type AdminNavEntry, type AdminNavLink } from '@core/schemas/admin-content';
import { zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { PictureField } from '@/ui/admin/PictureField';
import { useSaveNav } from '../api/nav';
import { LINK_HELP } from './AdModal';

/** What the modal edits: an entry, a new one under `parent_id` (0: on the bar), or nothing (closed). */
export type NavTarget = AdminNavLink | { parent_id: number } | null;

type Values = { parent_id: number; name: string; url: string; image: string; is_open: boolean; sort: number; is_show: boolean };

const shape = navBody.shape;

export function NavModal({ target, entries, onClose }: { target: NavTarget; entries: AdminNavEntry[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveNav();
  const editing = target && 'id' in target ? target : null;
  const hasChildren = editing ? entries.some((e) => e.id === editing.id && e.children.length > 0) : false;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('id' in target)
      form.setFieldsValue({
        parent_id: target.parent_id,
        name: target.name,
        url: target.url,
        image: target.image,
        is_open: target.is_open === 1,
        sort: target.sort,
        is_show: target.is_show === 1,
      });
    else form.setFieldsValue({ parent_id: target.parent_id });
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    await save.mutateAsync({ id: editing?.id ?? null, body: { ...v, is_open: v.is_open ? 1 : 0, is_show: v.is_show ? 1 : 0 } });
    return editing ? `已保存导航：${v.name}` : `已新增导航：${v.name}`;
  };

  const parents = [
    { value: 0, label: '顶部导航（导航栏）' },
    ...entries.filter((e) => e.id !== editing?.id).map((e) => ({ value: e.id, label: `${e.name} 的子菜单` })),
  ];
  return (
    <EditModal
      noun="导航"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      width={620}
      testId="nav"
      initialValues={{ parent_id: 0, name: '', url: '', image: '', is_open: false, sort: 0, is_show: true }}
    >
      <Form.Item name="parent_id" label="上级导航" extra={hasChildren ? '该导航下还有子菜单，只能留在导航栏' : '子菜单在鼠标移到上级导航时弹出显示'}>
        <Select options={parents} disabled={hasChildren} style={{ width: 260 }} data-testid="nav-parent" />
      </Form.Item>
      <Form.Item name="name" label="导航名称" rules={[zodRule(shape.name)]}>
        <Input maxLength={16} placeholder="如 每日特价" data-testid="nav-name" />
      </Form.Item>
      <Form.Item name="url" label="链接地址" rules={[zodRule(shape.url)]} extra={LINK_HELP}>
        <Input placeholder="/mrtj" data-testid="nav-url" />
      </Form.Item>
      <Form.Item name="image" label="图标" rules={[zodRule(shape.image)]} extra="可选，显示在名称前的小图标或角标">
        <PictureField size={[64, 64]} data-testid="nav-image" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[zodRule(shape.sort)]} extra="数字小的排在前面">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="is_open" label="新窗口打开" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="is_show" label="显示" valuePropName="checked">
        <Switch data-testid="nav-is-show" />
      </Form.Item>
    </EditModal>
  );
}
