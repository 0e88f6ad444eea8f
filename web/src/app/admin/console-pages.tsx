/**
 * The operator console's pages by area: the left menu, the breadcrumbs, the document title and the
 * permission each page needs all come from here. A page without `load` shows 即将上线 until it is built;
 * building one means giving it `load`. Pages with `menu: false` (a detail, say) name the menu entry they
 * belong to in `parent`; `chrome: false` shows a page on its own, without the console's frame.
 */
import {
  CustomerServiceOutlined,
  DashboardOutlined,
  GiftOutlined,
  MedicineBoxOutlined,
  MoneyCollectOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { matchPath } from 'react-router';
import type { Permission } from '@core/admin';

type ConsolePage = {
  path: string;
  title: string;
  /** What the operator must hold to see it; null: every operator. */
  permission: Permission | null;
  load?: () => Promise<{ default: ComponentType }>;
  menu?: false;
  parent?: string;
  /** false: shown without the menu and top bar (a sheet to print). */
  chrome?: false;
};

export type ConsoleArea = { key: string; title: string; icon: ReactNode; pages: ConsolePage[] };

export const CONSOLE_TITLE = '药采通运营后台';

export const AREAS: ConsoleArea[] = [
  {
    key: 'home',
    title: '工作台',
    icon: <DashboardOutlined />,
    pages: [{ path: '/admin', title: '工作台', permission: 'dashboard:read', load: () => import('@/features/admin-dashboard/pages/DashboardPage') }],
  },
  {
    key: 'users',
    title: '客户与资质',
    icon: <TeamOutlined />,
    pages: [
      { path: '/admin/users', title: '客户管理', permission: 'user:read', load: () => import('@/features/admin-users/pages/UsersPage') },
      {
        path: '/admin/users/:id',
        title: '客户详情',
        permission: 'user:read',
        menu: false,
        parent: '/admin/users',
        load: () => import('@/features/admin-users/pages/UserDetailPage'),
      },
    ],
  },
  {
    key: 'orders',
    title: '订单与售后',
    icon: <ProfileOutlined />,
    pages: [
      { path: '/admin/orders', title: '订单管理', permission: 'order:read', load: () => import('@/features/admin-orders/pages/OrdersPage') },
      {
        path: '/admin/orders/:id',
        title: '订单详情',
        permission: 'order:read',
        menu: false,
        parent: '/admin/orders',
        load: () => import('@/features/admin-orders/pages/OrderDetailPage'),
      },
      {
        path: '/admin/orders/:id/print',
        title: '发货单',
        permission: 'order:read',
        menu: false,
        parent: '/admin/orders',
        chrome: false,
        load: () => import('@/features/admin-orders/pages/DeliveryNotePage'),
      },
      { path: '/admin/check', title: '出库复核', permission: 'order:read', load: () => import('@/features/admin-trace/pages/CheckListPage') },
      {
        path: '/admin/check/:id',
        title: '扫码复核',
        permission: 'order:read',
        menu: false,
        parent: '/admin/check',
        load: () => import('@/features/admin-trace/pages/CheckPage'),
      },
      {
        path: '/admin/check/:id/note',
        title: '随货同行单',
        permission: 'order:read',
        menu: false,
        parent: '/admin/check',
        chrome: false,
        load: () => import('@/features/admin-trace/pages/DeliveryNotePage'),
      },
      { path: '/admin/after-sales', title: '退货售后', permission: 'after_sale:decide', load: () => import('@/features/admin-orders/pages/AfterSalesPage') },
    ],
  },
  {
    key: 'goods',
    title: '商品',
    icon: <MedicineBoxOutlined />,
    pages: [
      { path: '/admin/goods', title: '商品管理', permission: 'goods:read', load: () => import('@/features/admin-goods/pages/GoodsPage') },
      {
        path: '/admin/goods/new',
        title: '新增商品',
        permission: 'goods:write',
        menu: false,
        parent: '/admin/goods',
        load: () => import('@/features/admin-goods/pages/GoodsEditPage'),
      },
      {
        path: '/admin/goods/:id',
        title: '编辑商品',
        permission: 'goods:read',
        menu: false,
        parent: '/admin/goods',
        load: () => import('@/features/admin-goods/pages/GoodsEditPage'),
      },
      { path: '/admin/categories', title: '分类品牌', permission: 'category:write', load: () => import('@/features/admin-goods/pages/TaxonomyPage') },
    ],
  },
  {
    key: 'quality',
    title: '质量管理',
    icon: <SafetyCertificateOutlined />,
    pages: [
      { path: '/admin/documents', title: '首营资料', permission: 'document:write', load: () => import('@/features/admin-documents/pages/DocumentsPage') },
      { path: '/admin/batches', title: '批次管理', permission: 'goods:read', load: () => import('@/features/admin-quality/pages/BatchesPage') },
      { path: '/admin/near-expiry', title: '近效期报表', permission: 'goods:read', load: () => import('@/features/admin-quality/pages/NearExpiryPage') },
    ],
  },
  {
    key: 'promotions',
    title: '营销活动',
    icon: <GiftOutlined />,
    pages: [
      { path: '/admin/activities', title: '促销活动', permission: 'promotion:write', load: () => import('@/features/admin-promotions/pages/ActivitiesPage') },
      { path: '/admin/bundles', title: '组合购', permission: 'promotion:write', load: () => import('@/features/admin-promotions/pages/BundlesPage') },
      { path: '/admin/coupons', title: '优惠券', permission: 'promotion:write', load: () => import('@/features/admin-promotions/pages/CouponsPage') },
      {
        path: '/admin/coupons/:id/claims',
        title: '领取记录',
        permission: 'promotion:write',
        menu: false,
        parent: '/admin/coupons',
        load: () => import('@/features/admin-promotions/pages/CouponClaimsPage'),
      },
      {
        path: '/admin/activity-pages',
        title: '活动页面',
        permission: 'promotion:write',
        load: () => import('@/features/admin-activity-pages/pages/ActivityPagesPage'),
      },
      { path: '/admin/points-goods', title: '积分商城', permission: 'promotion:write', load: () => import('@/features/admin-points/pages/PointsGoodsPage') },
      { path: '/admin/points-orders', title: '积分订单', permission: 'promotion:write', load: () => import('@/features/admin-points/pages/PointsOrdersPage') },
      { path: '/admin/lottery', title: '抽奖活动', permission: 'promotion:write', load: () => import('@/features/admin-lottery/pages/LotteriesPage') },
    ],
  },
  {
    key: 'finance',
    title: '财务',
    icon: <MoneyCollectOutlined />,
    pages: [
      { path: '/admin/finance', title: '对公转账', permission: 'finance:confirm', load: () => import('@/features/admin-orders/pages/TransfersPage') },
      { path: '/admin/invoices', title: '电子发票', permission: 'finance:invoice', load: () => import('@/features/admin-invoices/pages/InvoicesPage') },
    ],
  },
  {
    key: 'service',
    title: '客服与求购',
    icon: <CustomerServiceOutlined />,
    pages: [
      {
        path: '/admin/buy-requests',
        title: '品种求购',
        permission: 'service:reply',
        load: () => import('@/features/admin-self-service/pages/BuyRequestsPage'),
      },
      { path: '/admin/chat', title: '在线客服', permission: 'chat:reply', load: () => import('@/features/admin-chat/pages/ChatPage') },
      { path: '/admin/feedback', title: '意见反馈', permission: 'service:reply', load: () => import('@/features/admin-self-service/pages/FeedbackPage') },
    ],
  },
  {
    key: 'content',
    title: '内容管理',
    icon: <ReadOutlined />,
    pages: [
      { path: '/admin/articles', title: '文章管理', permission: 'content:write', load: () => import('@/features/admin-content/pages/ArticlesPage') },
      {
        path: '/admin/articles/new',
        title: '新增文章',
        permission: 'content:write',
        menu: false,
        parent: '/admin/articles',
        load: () => import('@/features/admin-content/pages/ArticleEditPage'),
      },
      {
        path: '/admin/articles/:id',
        title: '编辑文章',
        permission: 'content:write',
        menu: false,
        parent: '/admin/articles',
        load: () => import('@/features/admin-content/pages/ArticleEditPage'),
      },
      { path: '/admin/ads', title: '广告与轮播', permission: 'content:write', load: () => import('@/features/admin-content/pages/AdsPage') },
      { path: '/admin/nav', title: '导航菜单', permission: 'content:write', load: () => import('@/features/admin-content/pages/NavPage') },
      { path: '/admin/hot-searches', title: '热门搜索', permission: 'content:write', load: () => import('@/features/admin-content/pages/HotSearchesPage') },
      { path: '/admin/site-settings', title: '站点设置', permission: 'content:write', load: () => import('@/features/admin-content/pages/SiteSettingsPage') },
    ],
  },
  {
    key: 'system',
    title: '系统',
    icon: <SettingOutlined />,
    pages: [
      { path: '/admin/operators', title: '操作员', permission: 'operator:admin', load: () => import('@/features/admin-operators/pages/OperatorsPage') },
      { path: '/admin/audit', title: '操作日志', permission: 'audit:read', load: () => import('@/features/admin-audit/pages/AuditPage') },
      { path: '/admin/jobs', title: '后台任务', permission: 'job:read', load: () => import('@/features/admin-jobs/pages/JobsPage') },
      { path: '/admin/security', title: '安全设置', permission: null, load: () => import('@/features/admin-auth/pages/SecurityPage') },
    ],
  },
];

export const PAGES = AREAS.flatMap((area) => area.pages.map((page) => ({ ...page, area })));
export type PlacedPage = (typeof PAGES)[number];

/** The page a pathname shows, if any. */
export function pageAt(pathname: string): PlacedPage | undefined {
  return PAGES.find((p) => matchPath({ path: p.path, end: true }, pathname));
}

/** The menu entry a page belongs to: itself, or its parent. */
export function menuPageOf(page: PlacedPage): PlacedPage {
  return page.parent ? (PAGES.find((p) => p.path === page.parent) ?? page) : page;
}
