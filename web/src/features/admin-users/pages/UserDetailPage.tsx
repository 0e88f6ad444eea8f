/**
 * /admin/users/:id 客户详情: the company at the top, then tabs: 资质审核 (licences side by side and the
 * decision), 基本资料, 权限与等级, 专属客服, 钱包与账期 and a chain's 门店. Each tab shows only what the operator
 * may change; reading needs user:read.
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Spin, Table, Tabs, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { formatTime } from '@/lib/admin/format';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { userQuery } from '../api/users';
import { ContactsPanel } from '../components/ContactsPanel';
import { FlagsPanel } from '../components/FlagsPanel';
import { ReviewPanel } from '../components/ReviewPanel';
import { ReviewTag } from '../components/ReviewTag';
import { WalletPanel } from '../components/WalletPanel';
import '../users.css';

export default function UserDetailPage() {
  const id = Number(useParams().id);
  const user = useQuery({ ...userQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (user.isError) return <LoadFailed error={user.error} onRetry={() => void user.refetch()} retrying={user.isFetching} />;
  if (!user.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const u = user.data;
  const items = [
    { key: 'review', label: '资质审核', children: <ReviewPanel user={u} /> },
    {
      key: 'info',
      label: '基本资料',
      children: (
        <Descriptions size="small" bordered column={2} data-testid="user-info">
          <Descriptions.Item label="企业名称">{u.company}</Descriptions.Item>
          <Descriptions.Item label="企业类型">{u.company_type}</Descriptions.Item>
          <Descriptions.Item label="用户名">{u.username}</Descriptions.Item>
          <Descriptions.Item label="注册手机">{u.phone}</Descriptions.Item>
          <Descriptions.Item label="联系人">{u.name || '—'}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{u.contact_phone || '—'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{u.email || '—'}</Descriptions.Item>
          <Descriptions.Item label="会员等级">{u.rank}</Descriptions.Item>
          <Descriptions.Item label="所在地区">{u.region || '—'}</Descriptions.Item>
          <Descriptions.Item label="详细地址">{u.address || '—'}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{formatTime(u.created_at)}</Descriptions.Item>
          <Descriptions.Item label="所属总部">{u.parent ? <Link to={`/admin/users/${u.parent.id}`}>{u.parent.company}</Link> : '—'}</Descriptions.Item>
        </Descriptions>
      ),
    },
    { key: 'flags', label: '权限与等级', children: <FlagsPanel user={u} /> },
    { key: 'contacts', label: '专属客服', children: <ContactsPanel user={u} /> },
    { key: 'wallet', label: '钱包与账期', children: <WalletPanel userId={u.id} /> },
    ...(u.stores.length
      ? [
          {
            key: 'stores',
            label: `门店（${u.stores.length}）`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={u.stores}
                columns={[
                  { title: '门店', dataIndex: 'company', render: (c: string, s) => <Link to={`/admin/users/${s.id}`}>{c}</Link> },
                  { title: '用户名', dataIndex: 'username', width: 160 },
                  { title: '审核', dataIndex: 'is_passed', width: 120, render: (p: number) => <ReviewTag user={{ is_passed: p, register_step: 3 }} /> },
                ]}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <AdminPanel
      data-testid="user-detail"
      title={
        <span className="yct-admin-user__head">
          <span className="yct-admin-user__company">{u.company || u.username}</span>
          <Tag>{u.company_type}</Tag>
          <ReviewTag user={u} />
          <span className="yct-muted" style={{ fontSize: 12, fontWeight: 400 }}>
            ID {u.id} · {u.username} · {u.phone}
          </span>
        </span>
      }
      extra={<Link to="/admin/users">返回列表</Link>}
    >
      <Tabs defaultActiveKey={u.is_passed === 1 ? 'info' : 'review'} items={items} />
    </AdminPanel>
  );
}
