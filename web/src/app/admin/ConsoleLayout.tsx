/**
 * The console's frame: the dark left menu by area (only the pages the operator may use), a top bar with the
 * breadcrumbs, the operator and 退出, a reminder to enrol two-factor, and the page. Without an operator
 * session the console's first call has already sent the browser to /admin/login.
 */
import { LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Layout, Menu, Result, Space, Spin, Tag, type MenuProps } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { AdminMe } from '@core/schemas/admin';
import { isUnauthenticated } from '@/lib/admin/http';
import { can, useAdminMe } from '@/lib/admin/me';
import { useAdminLogout } from '@/lib/admin/session';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { ConsoleMark } from '@/ui/admin/ConsoleMark';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { AREAS, CONSOLE_TITLE, menuPageOf, pageAt } from './console-pages';

const SECURITY_PATH = '/admin/security';

export function ConsoleLoading() {
  return (
    <div className="yct-admin-loading" role="status">
      <Spin size="large" />
    </div>
  );
}

export function ConsoleNotFound() {
  return (
    <AdminPanel>
      <Result
        status="404"
        title="页面不存在"
        subTitle="您访问的页面不存在或已移除"
        extra={
          <Link to="/admin">
            <Button type="primary">返回工作台</Button>
          </Link>
        }
      />
    </AdminPanel>
  );
}

function menuItems(me: AdminMe): MenuProps['items'] {
  const items: NonNullable<MenuProps['items']> = [];
  for (const area of AREAS) {
    const pages = area.pages.filter((p) => p.menu !== false && can(me, p.permission));
    const entries = pages.map((p) => ({ key: p.path, label: <Link to={p.path}>{p.title}</Link> }));
    if (entries.length === 1 && pages[0].title === area.title) items.push({ ...entries[0], icon: area.icon });
    else if (entries.length) items.push({ key: area.key, icon: area.icon, label: area.title, children: entries });
  }
  return items;
}

function ConsoleMenu({ me, selected }: { me: AdminMe; selected: string | undefined }) {
  const items = useMemo(() => menuItems(me), [me]);
  const [openKeys, setOpenKeys] = useState(() => AREAS.map((a) => a.key));
  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      data-testid="admin-menu"
    />
  );
}

/** The page at the current path, named in the document's title. */
function useConsolePage() {
  const { pathname } = useLocation();
  const page = pageAt(pathname);
  useEffect(() => {
    document.title = page ? `${page.title} - ${CONSOLE_TITLE}` : CONSOLE_TITLE;
  }, [page]);
  return { page, pathname };
}

/** Until the operator is known: waiting (or on the way to the login), or why they could not be read. */
function operatorPending(me: ReturnType<typeof useAdminMe>) {
  if (me.isPending || (me.isError && isUnauthenticated(me.error))) return <ConsoleLoading />;
  if (me.isError) {
    return (
      <div className="yct-admin-loading">
        <LoadFailed error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </div>
    );
  }
  return null;
}

/** A console page without the menu and top bar, such as a sheet to print; the operator is checked as on any other. */
export function ConsoleBareLayout() {
  const me = useAdminMe();
  useConsolePage();
  const waiting = operatorPending(me);
  if (waiting) return waiting;
  return (
    <Suspense fallback={<ConsoleLoading />}>
      <Outlet />
    </Suspense>
  );
}

export function ConsoleLayout() {
  const me = useAdminMe();
  const { page, pathname } = useConsolePage();
  const logout = useAdminLogout();

  const waiting = operatorPending(me);
  if (waiting || !me.data) return waiting;

  const { operator } = me.data;
  const crumbs = [{ key: 'home', title: <Link to="/admin">工作台</Link> }];
  if (page && page.path !== '/admin') {
    crumbs.push({ key: 'area', title: <>{page.area.title}</> });
    const entry = menuPageOf(page);
    if (entry !== page) crumbs.push({ key: 'entry', title: <Link to={entry.path}>{entry.title}</Link> });
    crumbs.push({ key: 'page', title: <>{page.title}</> });
  }

  return (
    <Layout className="yct-admin" hasSider>
      <Layout.Sider width={208} className="yct-admin-sider">
        <Link to="/admin" className="yct-admin-logo">
          <ConsoleMark />
          <span>{CONSOLE_TITLE}</span>
        </Link>
        <ConsoleMenu me={me.data} selected={page ? menuPageOf(page).path : undefined} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="yct-admin-header">
          <Breadcrumb items={crumbs} data-testid="admin-breadcrumb" />
          <Space size={12} className="yct-admin-header__user">
            <span data-testid="admin-operator">
              <UserOutlined /> {operator.name}
              <span className="yct-admin-header__username">（{operator.username}）</span>
            </span>
            <span>
              {operator.role_names.map((r) => (
                <Tag key={r} color="blue" variant="outlined">
                  {r}
                </Tag>
              ))}
            </span>
            <Button type="text" size="small" icon={<LogoutOutlined />} loading={logout.isPending} onClick={() => logout.mutate()} data-testid="admin-logout">
              退出
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="yct-admin-content">
          {!operator.totp_enabled && pathname !== SECURITY_PATH ? (
            <Alert
              className="yct-admin-banner"
              type="warning"
              showIcon
              icon={<SafetyCertificateOutlined />}
              data-testid="admin-totp-banner"
              title={
                <>
                  您的账号尚未启用两步验证。为保护客户与订单数据，请尽快绑定身份验证器：<Link to={SECURITY_PATH}>去启用两步验证</Link>
                </>
              }
            />
          ) : null}
          <Suspense fallback={<ConsoleLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
