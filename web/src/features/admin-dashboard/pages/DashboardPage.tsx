/**
 * /admin 工作台 (dashboard:read): the queues the operator may work, each a link to its filtered list, today's
 * figures and the last 30 days as a chart (its library loaded only here).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAdminMe } from '@/lib/admin/me';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { dashboardQuery } from '../api/get-dashboard';
import '../dashboard.css';

const TrendChart = lazy(() => import('../components/TrendChart'));

export default function DashboardPage() {
  const dashboard = useQuery(dashboardQuery());
  const { data: me } = useAdminMe();
  if (dashboard.isError) return <LoadFailed error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />;
  const d = dashboard.data;
  return (
    <div className="yct-dash" data-testid="dashboard">
      <AdminPanel title={`您好，${me?.operator.name ?? ''}`}>
        <p className="yct-dash__hint">以下是您可以处理的待办事项，点击进入对应列表。</p>
        {d?.alerts.map((a) => (
          <Alert
            key={a.key}
            type={a.level}
            showIcon
            className="yct-dash__alert"
            title={a.text}
            action={<Link to={a.link}>去处理</Link>}
            data-testid={`alert-${a.key}`}
            data-level={a.level}
          />
        ))}
        {!d ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : d.queues.length ? (
          <div className="yct-dash__queues">
            {d.queues.map((q) => (
              <Link key={q.key} to={q.link} className={`yct-dash__queue${q.count ? ' is-busy' : ''}`} data-testid={`queue-${q.key}`}>
                <span className="yct-dash__queue-count">{q.count}</span>
                <span className="yct-dash__queue-label">{q.label}</span>
              </Link>
            ))}
          </div>
        ) : (
          <p className="yct-muted">您的角色没有待办队列。</p>
        )}
      </AdminPanel>
      <Row gutter={12} className="yct-dash__today">
        <Col span={8}>
          <Card size="small">
            <Statistic title="今日订单" value={d?.today.orders ?? 0} loading={!d} suffix="单" />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title="今日支付金额" value={d?.today.paid_amount ?? '0.00'} loading={!d} prefix="¥" />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title="今日新增客户" value={d?.today.new_buyers ?? 0} loading={!d} suffix="家" />
          </Card>
        </Col>
      </Row>
      <AdminPanel title="近30天趋势">
        {d ? (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <TrendChart days={d.days} />
          </Suspense>
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </AdminPanel>
    </div>
  );
}
