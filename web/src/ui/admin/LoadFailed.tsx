import { Button, Result } from 'antd';
import { errorText, isForbidden } from '@/lib/admin/http';
import { Forbidden } from './Forbidden';

type Props = { error: unknown; onRetry?: () => void; retrying?: boolean };

/** A console read that failed: 无权限 for 403, otherwise the reason and 重试. */
export function LoadFailed({ error, onRetry, retrying }: Props) {
  if (isForbidden(error)) return <Forbidden />;
  return (
    <Result
      status="error"
      title="加载失败"
      subTitle={errorText(error)}
      data-testid="admin-load-failed"
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry} loading={retrying}>
            重试
          </Button>
        ) : null
      }
    />
  );
}
