/**
 * /admin/users 客户管理 (user:read): every buyer, newest first, by review state (tabs), keyword, company type and
 * licences about to expire, all kept in the URL; the dashboard's queues open it filtered. A row opens the buyer.
 */
import { Form, Input, Select, Tabs, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { COMPANY_TYPES } from '@core/constants';
import type { AdminUserRow } from '@core/schemas/admin-users';
import type { CsvColumn } from '@/lib/admin/csv';
import { formatTime } from '@/lib/admin/format';
import { useListQuery } from '@/lib/admin/list';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { getUsers, USER_FILTERS, USERS_KEY } from '../api/users';
import { ReviewTag } from '../components/ReviewTag';
import '../users.css';

const TABS = [
  { key: '', label: '全部客户' },
  { key: 'review', label: '待审核' },
  { key: '1', label: '已通过' },
  { key: '2', label: '已驳回' },
] as const;

const EXPIRING_OPTIONS = [
  { value: '30', label: '30天内到期' },
  { value: '60', label: '60天内到期' },
  { value: '90', label: '90天内到期' },
];

const columns: TableColumnsType<AdminUserRow> = [
  { title: 'ID', dataIndex: 'id', width: 70 },
  {
    title: '企业名称',
    dataIndex: 'company',
    ellipsis: true,
    render: (company: string, u) => (
      <Link to={`/admin/users/${u.id}`} data-testid="user-link">
        {company || '（未填写）'}
      </Link>
    ),
  },
  { title: '类型', dataIndex: 'company_type', width: 90 },
  { title: '用户名', dataIndex: 'username', width: 110, ellipsis: true },
  { title: '联系人', key: 'contact', width: 150, render: (_, u) => `${u.name || '—'} ${u.phone}` },
  { title: '地区', dataIndex: 'region', width: 170, ellipsis: true },
  { title: '审核', key: 'review', width: 110, render: (_, u) => <ReviewTag user={u} /> },
  {
    title: '证照最早到期',
    dataIndex: 'licence_expires',
    width: 120,
    render: (d: string | null) => (d ? <span className={dayjsBefore(d, 30) ? 'yct-admin-users__soon' : undefined}>{d}</span> : '—'),
  },
  { title: '注册时间', dataIndex: 'created_at', width: 150, render: (t: number) => formatTime(t) },
  {
    title: '操作',
    key: 'op',
    width: 70,
    fixed: 'right',
    render: (_, u) => <Link to={`/admin/users/${u.id}`}>{u.is_passed === 0 && u.register_step >= 3 ? '审核' : '查看'}</Link>,
  },
];

/** Whether a YYYY-MM-DD date falls within `days` days from today. */
function dayjsBefore(date: string, days: number) {
  return Date.parse(`${date}T00:00:00+08:00`) - Date.now() < days * 86_400_000;
}

const csv: CsvColumn<AdminUserRow>[] = [
  { title: 'ID', value: (u) => u.id },
  { title: '企业名称', value: (u) => u.company },
  { title: '企业类型', value: (u) => u.company_type },
  { title: '用户名', value: (u) => u.username },
  { title: '联系人', value: (u) => u.name },
  { title: '手机号', value: (u) => u.phone },
  { title: '地区', value: (u) => u.region },
  { title: '审核状态', value: (u) => u.is_passed_text },
  { title: '会员等级', value: (u) => u.rank },
  { title: '证照最早到期', value: (u) => u.licence_expires ?? '' },
  { title: '注册时间', value: (u) => formatTime(u.created_at) },
];

/** The tab a query stands for: 待审核 is `is_passed=0&submitted=1`. */
function tabOf(filters: Record<string, string>) {
  if (filters.is_passed === '0' && filters.submitted === '1') return 'review';
  return filters.is_passed ?? '';
}

export default function UsersPage() {
  const { filters, setFilters } = useListQuery(USER_FILTERS);
  const tab = tabOf(filters);
  const chooseTab = (key: string) => setFilters(key === 'review' ? { is_passed: '0', submitted: '1' } : { is_passed: key || null, submitted: null });
  return (
    <AdminPanel title="客户管理" data-testid="users-page">
      <Tabs activeKey={tab} onChange={chooseTab} items={TABS.map((t) => ({ key: t.key, label: t.label }))} className="yct-admin-users__tabs" />
      <AdminTable<AdminUserRow>
        data-testid="users-table"
        queryKey={USERS_KEY}
        fetchPage={getUsers}
        filterKeys={USER_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1200}
        csv={{ name: '客户列表', columns: csv }}
        emptyText={tab === 'review' ? '没有待审核的客户' : '没有符合条件的客户'}
        filters={
          <FilterForm keys={['keyword', 'company_type', 'expiring']} data-testid="users-filters">
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="企业名称/用户名/手机号/联系人" allowClear style={{ width: 220 }} data-testid="users-keyword" />
            </Form.Item>
            <Form.Item name="company_type" label="企业类型">
              <Select placeholder="全部" allowClear style={{ width: 120 }} options={COMPANY_TYPES.map((t) => ({ value: t, label: t }))} />
            </Form.Item>
            <Form.Item name="expiring" label="证照到期">
              <Select placeholder="不限" allowClear style={{ width: 130 }} options={EXPIRING_OPTIONS} />
            </Form.Item>
          </FilterForm>
        }
      />
      {filters.expiring ? (
        <p className="yct-admin-users__note">
          <Tag color="orange">证照到期</Tag>按最早到期的证照排序，已过期的在最前。
        </p>
      ) : null}
    </AdminPanel>
  );
}
