/**
 * /admin/audit (audit:read): every console write, newest first, paged by the server; filtered by operator,
 * action and target (kept in the URL); a row opens to show the changed fields before and after.
 */
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Input, Select, type TableColumnsType } from 'antd';
import type { AuditEntry } from '@core/schemas/admin';
import type { CsvColumn } from '@/lib/admin/csv';
import { formatTime } from '@/lib/admin/format';
import { useAdminMe, useCan } from '@/lib/admin/me';
import { operatorsQuery } from '@/lib/admin/operators';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { AUDIT_FILTERS, AUDIT_KEY, getAudit } from '../api/get-audit';
import { AuditDiff } from '../components/AuditDiff';
import { ACTION_NAMES, actionName, fieldName, targetName, valueText } from '../lib/labels';
import '../audit.css';

const ACTION_OPTIONS = Object.entries(ACTION_NAMES).map(([value, name]) => ({ value, label: `${name}（${value}）` }));

const changedFields = (e: AuditEntry) => [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];

/** Operators by name when the viewer may list them (operator:admin), otherwise by number. */
function OperatorFilter() {
  const listable = useCan('operator:admin');
  const operators = useQuery({ ...operatorsQuery(), enabled: listable });
  if (!listable) {
    return (
      <Form.Item name="operator" label="操作员ID">
        <Input placeholder="操作员ID" allowClear style={{ width: 120 }} inputMode="numeric" />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="operator" label="操作员">
      <Select
        placeholder="全部操作员"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={operators.isPending}
        style={{ width: 170 }}
        options={(operators.data ?? []).map((o) => ({ value: String(o.id), label: `${o.name}（${o.username}）` }))}
        data-testid="audit-operator"
      />
    </Form.Item>
  );
}

const COLUMNS: TableColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'created_at', width: 160, render: (t: number) => formatTime(t) },
  { title: '操作员', dataIndex: 'operator_name', width: 160, ellipsis: true },
  {
    title: '操作',
    dataIndex: 'action',
    width: 160,
    render: (a: string) => (
      <>
        {actionName(a)}
        <span className="yct-audit-code">{a}</span>
      </>
    ),
  },
  {
    title: '对象',
    key: 'target',
    width: 180,
    render: (_, e) => (
      <>
        {targetName(e.target_type)} {e.target_id}
        <span className="yct-audit-code">
          {e.target_type}:{e.target_id}
        </span>
      </>
    ),
  },
  {
    title: '变更字段',
    key: 'fields',
    ellipsis: true,
    render: (_, e) => <span className="yct-audit-fields">{changedFields(e).map(fieldName).join('、') || '—'}</span>,
  },
  { title: 'IP', dataIndex: 'ip', width: 120 },
];

export default function AuditPage() {
  const { data: me } = useAdminMe();

  const csv: CsvColumn<AuditEntry>[] = [
    { title: 'ID', value: (e) => e.id },
    { title: '时间', value: (e) => formatTime(e.created_at) },
    { title: '操作员', value: (e) => e.operator_name },
    { title: '操作', value: (e) => actionName(e.action) },
    { title: '操作代码', value: (e) => e.action },
    { title: '所用权限', value: (e) => me?.permission_names[e.permission] ?? e.permission },
    { title: '对象', value: (e) => `${e.target_type}:${e.target_id}` },
    {
      title: '变更',
      value: (e) =>
        changedFields(e)
          .map((f) => `${fieldName(f)}: ${valueText(f, e.before?.[f], me)} → ${valueText(f, e.after?.[f], me)}`)
          .join('；'),
    },
    { title: 'IP', value: (e) => e.ip },
  ];

  return (
    <AdminPanel title="操作日志">
      <AdminTable<AuditEntry>
        data-testid="audit-table"
        queryKey={AUDIT_KEY}
        fetchPage={getAudit}
        filterKeys={AUDIT_FILTERS}
        rowKey="id"
        columns={COLUMNS}
        csv={{ name: '操作日志', columns: csv }}
        emptyText="暂无操作记录"
        expandable={{
          expandedRowRender: (e) => <AuditDiff entry={e} permission={me?.permission_names[e.permission] ?? e.permission} />,
          rowExpandable: (e) => Boolean(e.before || e.after),
        }}
        filters={
          <FilterForm keys={AUDIT_FILTERS} data-testid="audit-filters">
            <OperatorFilter />
            <Form.Item name="action" label="操作">
              <AutoComplete
                options={ACTION_OPTIONS}
                placeholder="如 operator.create"
                allowClear
                style={{ width: 200 }}
                showSearch={{
                  filterOption: (input, option) =>
                    String(option?.label ?? '')
                      .toLowerCase()
                      .includes(input.toLowerCase()),
                }}
                data-testid="audit-action"
              />
            </Form.Item>
            <Form.Item name="target" label="对象">
              <Input placeholder="如 order:12" allowClear style={{ width: 150 }} data-testid="audit-target" />
            </Form.Item>
          </FilterForm>
        }
      />
    </AdminPanel>
  );
}
