import { Button } from 'antd';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useCan } from '@/lib/admin/me';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { Forbidden } from '@/ui/admin/Forbidden';
import { ComingSoon } from './ComingSoon';
import type { PlacedPage } from './console-pages';

/** One console page: 无权限 unless the operator holds its permission, 即将上线 until it is built. */
export function PageView({ page, Screen }: { page: PlacedPage; Screen: ComponentType | null }) {
  const allowed = useCan(page.permission);
  if (!allowed) {
    return (
      <AdminPanel>
        <Forbidden>
          <Link to="/admin">
            <Button type="primary">返回工作台</Button>
          </Link>
        </Forbidden>
      </AdminPanel>
    );
  }
  if (!Screen) {
    return (
      <AdminPanel>
        <ComingSoon title={page.title} />
      </AdminPanel>
    );
  }
  return <Screen />;
}
