import { Checkbox, Form, Tooltip } from 'antd';
import type { AdminMe } from '@core/schemas/admin';
import { operatorCreateBody } from '@core/schemas/admin';
import { zodRule } from '@/lib/form';

/** The roles to give, as checkboxes from /api/admin/me, each with what it allows on hover. */
export function RoleField({ me }: { me: AdminMe }) {
  return (
    <Form.Item name="roles" label="角色" rules={[zodRule(operatorCreateBody.shape.roles)]} data-testid="operator-roles">
      <Checkbox.Group className="yct-admin-roles">
        {me.roles.map((role) => (
          <Tooltip key={role.key} title={role.permissions.map((p) => me.permission_names[p] ?? p).join('、')} placement="right">
            <Checkbox value={role.key}>
              {role.name}
              <span className="yct-admin-roles__count">{role.permissions.length}项权限</span>
            </Checkbox>
          </Tooltip>
        ))}
      </Checkbox.Group>
    </Form.Item>
  );
}
