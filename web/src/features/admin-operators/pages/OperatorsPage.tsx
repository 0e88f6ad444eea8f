/**
 * /admin/operators (operator:admin): every operator with roles, two-factor and state; 新增操作员, 编辑 (name
 * and roles), 重置密码, 重置两步验证 (a lost phone) and 停用/启用. Disabling ends the operator's sessions.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Badge, Button, Divider, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Operator } from '@core/schemas/admin';
import { formatTime } from '@/lib/admin/format';
import { onePage } from '@/lib/admin/list';
import { useAdminMe } from '@/lib/admin/me';
import { getOperators, OPERATORS_KEY } from '@/lib/admin/operators';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { useResetOperatorTotp } from '../api/reset-operator-totp';
import { useUpdateOperator } from '../api/update-operator';
import { OperatorFormModal } from '../components/OperatorFormModal';
import { PasswordModal } from '../components/PasswordModal';
import { RoleTags } from '../components/RoleTags';
import '../operators.css';

const CSV_COLUMNS: CsvColumn<Operator>[] = [
  { title: 'ID', value: (o) => o.id },
  { title: '用户名', value: (o) => o.username },
  { title: '姓名', value: (o) => o.name },
  { title: '角色', value: (o) => o.role_names.join('、') },
  { title: '两步验证', value: (o) => (o.totp_enabled ? '已启用' : '未启用') },
  { title: '状态', value: (o) => (o.is_disabled ? '已停用' : '正常') },
  { title: '最后登录', value: (o) => formatTime(o.last_login_at, '') },
  { title: '创建时间', value: (o) => formatTime(o.created_at) },
];

export default function OperatorsPage() {
  const { data: me } = useAdminMe();
  const [editing, setEditing] = useState<Operator | 'new' | null>(null);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const update = useUpdateOperator();
  const resetTotp = useResetOperatorTotp();
  const { message } = App.useApp();
  if (!me) return null;

  const setDisabled = async (o: Operator, disabled: boolean) => {
    await update.mutateAsync({ id: o.id, name: o.name, roles: o.roles, is_disabled: disabled ? 1 : 0 });
    void message.success(disabled ? `已停用 ${o.username}，其登录会话已失效` : `已启用 ${o.username}`);
  };

  const columns: TableColumnsType<Operator> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: '用户名', dataIndex: 'username', width: 140 },
    { title: '姓名', dataIndex: 'name', width: 120 },
    { title: '角色', key: 'roles', render: (_, o) => <RoleTags operator={o} /> },
    {
      title: '两步验证',
      dataIndex: 'totp_enabled',
      width: 100,
      render: (on: number) => (on ? <Badge status="success" text="已启用" /> : <Badge status="default" text="未启用" />),
    },
    {
      title: '状态',
      dataIndex: 'is_disabled',
      width: 90,
      render: (off: number) => (off ? <Badge status="error" text="已停用" /> : <Badge status="success" text="正常" />),
    },
    { title: '最后登录', dataIndex: 'last_login_at', width: 170, render: (t: number | null) => formatTime(t, '从未登录') },
    {
      title: '操作',
      key: 'actions',
      width: 300,
      render: (_, o) => {
        const self = o.id === me.operator.id;
        return (
          <Space size={0} separator={<Divider orientation="vertical" />} data-testid={`operator-actions-${o.username}`}>
            <Button type="link" size="small" onClick={() => setEditing(o)}>
              编辑
            </Button>
            <Button type="link" size="small" onClick={() => setResetting(o)}>
              重置密码
            </Button>
            {o.totp_enabled ? (
              <ConfirmButton
                type="link"
                size="small"
                title={`重置 ${o.username} 的两步验证？`}
                description="用于更换或丢失手机：清除其身份验证器绑定，之后需重新绑定。"
                onConfirm={async () => {
                  await resetTotp.mutateAsync(o.id);
                  void message.success(`已重置 ${o.username} 的两步验证`);
                }}
              >
                重置两步验证
              </ConfirmButton>
            ) : null}
            {self ? null : o.is_disabled ? (
              <ConfirmButton
                type="link"
                size="small"
                title={`启用 ${o.username}？`}
                description="启用后可重新登录后台。"
                onConfirm={() => setDisabled(o, false)}
              >
                启用
              </ConfirmButton>
            ) : (
              <ConfirmButton
                type="link"
                size="small"
                danger
                okText="停用"
                title={`停用 ${o.username}？`}
                description="停用后其已登录的会话立即失效，且无法再登录后台。"
                onConfirm={() => setDisabled(o, true)}
              >
                停用
              </ConfirmButton>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <AdminPanel>
      <div className="yct-admin-operators">
        <AdminTable<Operator>
          data-testid="operators-table"
          title="操作员"
          queryKey={[...OPERATORS_KEY, 'table']}
          fetchPage={async (_query, signal) => onePage(await getOperators(signal))}
          columns={columns}
          rowKey="id"
          csv={{ name: '操作员', columns: CSV_COLUMNS }}
          actions={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="operator-add">
              新增操作员
            </Button>
          }
        />
      </div>
      <OperatorFormModal me={me} operator={editing} onClose={() => setEditing(null)} />
      <PasswordModal operator={resetting} onClose={() => setResetting(null)} />
    </AdminPanel>
  );
}
