import { Tag } from 'antd';
import type { Operator } from '@core/schemas/admin';

const COLOURS: Record<string, string> = { admin: 'red', ops: 'blue', qa: 'cyan', finance: 'gold', warehouse: 'purple', service: 'green' };

/** An operator's roles as coloured tags, one colour per role. */
export function RoleTags({ operator }: { operator: Pick<Operator, 'roles' | 'role_names'> }) {
  return (
    <>
      {operator.roles.map((role, i) => (
        <Tag key={role} color={COLOURS[role] ?? 'default'}>
          {operator.role_names[i] ?? role}
        </Tag>
      ))}
    </>
  );
}
