/**
 * /admin/nav 导航菜单 (content:write): the nav bar's entries in order, each with the children its pop-over shows,
 * hidden ones too. The bar shows the first 9 shown entries; those after are marked. 新增, 添加子菜单 and 编辑 in a
 * modal; 删除 after a question (an entry with children only once they are gone).
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { NAV_MAX } from '@core/constants';
import type { AdminNavEntry, AdminNavLink } from '@core/schemas/admin-content';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { navQuery, useDeleteNav } from '../api/nav';
import { NavModal, type NavTarget } from '../components/NavModal';
import { targetText } from '../lib/ad-positions';
import '../admin-content.css';

type Row = AdminNavLink & { children?: Row[]; childCount: number; offBar: boolean };

/** Rows for the table's tree: children only where there are some, and the shown entries past the 9th marked. */
function rowsOf(entries: AdminNavEntry[]): Row[] {
  let shown = 0;
  return entries.map((e) => {
    if (e.is_show) shown += 1;
    const { children, ...entry } = e;
    return {
      ...entry,
      childCount: children.length,
      offBar: e.is_show === 1 && shown > NAV_MAX,
      children: children.length ? children.map((c) => ({ ...c, childCount: 0, offBar: false })) : undefined,
    };
  });
}

export default function NavPage() {
  const nav = useQuery(navQuery());
  const remove = useDeleteNav();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<NavTarget>(null);
  const columns: TableColumnsType<Row> = [
    {
      title: '导航名称',
      dataIndex: 'name',
      render: (name: string, n) => (
        <span className="yct-admin-content__nav-name" data-testid="nav-row-name">
          {n.image ? <img src={n.image} alt="" /> : null}
          {n.parent_id ? name : <b>{name}</b>}
          {n.childCount ? <span className="yct-admin-muted">（{n.childCount} 个子菜单）</span> : null}
        </span>
      ),
    },
    { title: '链接', dataIndex: 'url', width: 220, ellipsis: true, render: (u: string) => targetText(u) },
    { title: '新窗口', dataIndex: 'is_open', width: 72, render: (o: number) => (o ? '是' : '否') },
    { title: '排序', dataIndex: 'sort', width: 60 },
    {
      title: '状态',
      key: 'state',
      width: 160,
      render: (_, n) => (
        <Space size={4}>
          {n.is_show ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>}
          {n.offBar ? (
            <Tooltip title={`导航栏只显示前 ${NAV_MAX} 个，调小排序可让它显示`}>
              <Tag color="warning">超出{NAV_MAX}个</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, n) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(n)} data-testid="nav-edit">
            编辑
          </Button>
          {n.parent_id === 0 ? (
            <Button type="link" size="small" onClick={() => setEditing({ parent_id: n.id })} data-testid="nav-add-child">
              添加子菜单
            </Button>
          ) : null}
          {n.childCount ? (
            <Tooltip title="请先删除该导航下的子菜单">
              <Button type="link" size="small" danger disabled>
                删除
              </Button>
            </Tooltip>
          ) : (
            <ConfirmButton
              type="link"
              size="small"
              danger
              title={`删除导航“${n.name}”？`}
              description="删除后前台导航立即不再显示"
              okText="删除"
              onConfirm={() => remove.mutateAsync(n.id).then(() => void message.success(`已删除导航：${n.name}`))}
              data-testid="nav-delete"
            >
              删除
            </ConfirmButton>
          )}
        </Space>
      ),
    },
  ];
  return (
    <AdminPanel
      title="导航菜单"
      data-testid="nav-page"
      extra={
        <Button type="primary" onClick={() => setEditing({ parent_id: 0 })} data-testid="nav-new">
          新增导航
        </Button>
      }
    >
      <p className="yct-admin-muted yct-admin-content__lead">
        导航栏位于全部商品分类右侧，按排序显示前 {NAV_MAX} 个导航；有子菜单的导航在鼠标移入时弹出子菜单。
      </p>
      {nav.isError && !nav.data ? (
        <LoadFailed error={nav.error} onRetry={() => void nav.refetch()} retrying={nav.isFetching} />
      ) : (
        <Table<Row>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={nav.data ? rowsOf(nav.data) : []}
          loading={nav.isFetching}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          key={nav.data ? 'loaded' : 'waiting'}
          locale={{
            emptyText: nav.isPending ? (
              <div className="yct-admin-table__waiting" />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有导航，点“新增导航”添加" />
            ),
          }}
          data-testid="nav-table"
        />
      )}
      <NavModal target={editing} entries={nav.data ?? []} onClose={() => setEditing(null)} />
    </AdminPanel>
  );
}
