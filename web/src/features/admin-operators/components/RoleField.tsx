import { Checkbox, Form } from 'antd';
import type { AdminMe } from '@core/schemas/admin';
import { operatorCreateBody } from '@core/schemas/admin';
import { zodRule } from '@/lib/form';

/**
 * The roles to give, as checkboxes from /api/admin/me, each with what it allows written under it: always in
 * sight when choosing, and never a pop-up over the next role's box.
 */
export function RoleField({ me }: { me: AdminMe }) {
  return (
    <Form.Item name="roles" label="角色" rules={[zodRule(operatorCreateBody.shape.roles)]} data-testid="operator-roles">
      <Checkbox.Group className="yct-admin-roles">
        {me.roles.map((role) => (
          <Checkbox key={role.key} value={role.key} className="yct-admin-roles__role">
            <span className="yct-admin-roles__name">{role.name}</span>
            <span className="yct-admin-roles__count">{role.permissions.length}项权限</span>
            <span className="yct-admin-roles__perms">{role.permissions.map((p) => me.permission_names[p] ?? p).join('、')}</span>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Form.Item>
  );
}
