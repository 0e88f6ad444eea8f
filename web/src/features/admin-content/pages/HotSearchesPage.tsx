/**
 * /admin/hot-searches 热门搜索 (content:write): the words under the header's search box, in order (the header shows the
 * first 8). A word without a link of its own searches for itself. 新增 and 编辑 in a modal; 删除 after a question.
 */
import { App, Button, Form, Input, InputNumber, Space, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { hotSearchBody, type AdminHotSearch } from '@core/schemas/admin-content';
import { zodRule } from '@/lib/form';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { EditModal } from '@/ui/admin/EditModal';
import { getHotSearches, HOT_SEARCHES_KEY, useDeleteHotSearch, useSaveHotSearch } from '../api/hot-searches';
import '../admin-content.css';

/** Words the header shows under its search box. */
const SHOWN = 8;

type Target = AdminHotSearch | 'new' | null;
type Values = { name: string; url: string; sort: number };

const shape = hotSearchBody.shape;
const searchUrl = (name: string) => `/search?keywords=${encodeURIComponent(name)}`;

function HotSearchModal({ target, onClose }: { target: Target; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveHotSearch();
  const editing = target && target !== 'new' ? target : null;
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target !== 'new')
      // A link that only searches for the word stays empty, so that renaming the word renames its search too.
      form.setFieldsValue({ name: target.name, url: target.url === searchUrl(target.name) ? '' : target.url, sort: target.sort });
  }, [form, target]);
  const submit = async (v: Values) => {
    await save.mutateAsync({ id: editing?.id ?? null, body: v });
    return editing ? `已保存热搜词：${v.name}` : `已新增热搜词：${v.name}`;
  };
  return (
    <EditModal
      noun="热搜词"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      width={560}
      testId="hot-search"
      initialValues={{ name: '', url: '', sort: 0 }}
    >
      <Form.Item name="name" label="热搜词" rules={[zodRule(shape.name)]}>
        <Input maxLength={32} placeholder="如 连花清瘟" data-testid="hot-search-name" />
      </Form.Item>
      <Form.Item
        name="url"
        label="链接地址"
        rules={[zodRule(shape.url)]}
        extra={
          <>
            留空则搜索该词
            <br />
            也可填站内路径（如 /list?keywords=丹参）或 https:// 地址
          </>
        }
      >
        <Input placeholder="留空则搜索该词" data-testid="hot-search-url" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[zodRule(shape.sort)]} extra="数字小的排在前面">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 120 }} data-testid="hot-search-sort" />
      </Form.Item>
    </EditModal>
  );
}

export default function HotSearchesPage() {
  const [editing, setEditing] = useState<Target>(null);
  const remove = useDeleteHotSearch();
  const { message } = App.useApp();
  const columns: TableColumnsType<AdminHotSearch> = [
    { title: '序号', key: 'n', width: 64, render: (_, _h, i) => i + 1 },
    {
      title: '热搜词',
      dataIndex: 'name',
      render: (name: string, _h, i) => (
        <Space size={8}>
          <b data-testid="hot-search-row-name">{name}</b>
          {i >= SHOWN ? <Tag color="warning">超出{SHOWN}个，前台不显示</Tag> : null}
        </Space>
      ),
    },
    {
      title: '链接',
      dataIndex: 'url',
      render: (url: string, h) => (url === searchUrl(h.name) ? <span className="yct-admin-muted">搜索“{h.name}”</span> : url),
    },
    { title: '排序', dataIndex: 'sort', width: 72 },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, h) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(h)} data-testid="hot-search-edit">
            编辑
          </Button>
          <ConfirmButton
            type="link"
            size="small"
            danger
            title={`删除热搜词“${h.name}”？`}
            okText="删除"
            onConfirm={() => remove.mutateAsync(h.id).then(() => void message.success(`已删除热搜词：${h.name}`))}
            data-testid="hot-search-delete"
          >
            删除
          </ConfirmButton>
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel
      title="热门搜索"
      data-testid="hot-searches-page"
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="hot-search-new">
          新增热搜词
        </Button>
      }
    >
      <p className="yct-admin-muted yct-admin-content__lead">热搜词显示在页头搜索框下方，按排序显示前 {SHOWN} 个，点击即搜索该词或打开所填链接。</p>
      <AdminTable<AdminHotSearch>
        data-testid="hot-searches-table"
        queryKey={HOT_SEARCHES_KEY}
        fetchPage={getHotSearches}
        rowKey="id"
        columns={columns}
        emptyText="还没有热搜词，点“新增热搜词”添加"
      />
      <HotSearchModal target={editing} onClose={() => setEditing(null)} />
    </AdminPanel>
  );
}
