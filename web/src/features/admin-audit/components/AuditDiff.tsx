import type { AuditEntry } from '@core/schemas/admin';
import { useAdminMe } from '@/lib/admin/me';
import { fieldName, valueText } from '../lib/labels';

/**
 * The fields an audited write changed, before struck through and after in green (a creation has no before),
 * under the permission the write used.
 */
export function AuditDiff({ entry, permission }: { entry: AuditEntry; permission: string }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return (
    <div className="yct-audit-detail">
      <p className="yct-audit-detail__meta">
        所用权限：{permission}
        <span className="yct-audit-code yct-audit-code--inline">{entry.permission}</span>
        <span className="yct-audit-detail__sep" />
        记录编号：{entry.id}
      </p>
      {fields.length ? <DiffTable entry={entry} fields={fields} /> : <span className="yct-audit-diff__none">无字段变化</span>}
    </div>
  );
}

function DiffTable({ entry, fields }: { entry: AuditEntry; fields: string[] }) {
  const { data: me } = useAdminMe();
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return (
    <table className="yct-audit-diff" data-testid="audit-diff">
      <thead>
        <tr>
          <th>字段</th>
          <th>修改前</th>
          <th>修改后</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const from = valueText(field, before[field], me);
          const to = valueText(field, after[field], me);
          return (
            <tr key={field}>
              <td className="yct-audit-diff__field">
                {fieldName(field)}
                <span className="yct-audit-diff__key">{field}</span>
              </td>
              <td className={entry.before && from !== '—' ? 'yct-audit-diff__before' : 'yct-audit-diff__empty'}>{from}</td>
              <td className={entry.after && to !== '—' ? 'yct-audit-diff__after' : 'yct-audit-diff__empty'}>{to}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
