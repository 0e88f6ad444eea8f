import { Result } from 'antd';
import type { ReactNode } from 'react';

/** What an operator sees on a page or list their roles do not allow (the API answered, or would answer, 403). */
export function Forbidden({ children }: { children?: ReactNode }) {
  return <Result status="403" title="无权限" subTitle="您的角色没有此项操作的权限，如需开通请联系超级管理员" extra={children} data-testid="admin-forbidden" />;
}
