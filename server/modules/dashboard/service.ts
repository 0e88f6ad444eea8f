/**
 * 工作台 (DESIGN.md section 13): the queues operators work from, each a link to its filtered list and shown
 * only to those who may work it, with today's figures and the last 30 days. It owns no table: it asks the
 * modules that keep each figure.
 */
import type { Permission } from '../../../core/admin.js';
import { fenToYuan } from '../../../core/money.js';
import { DASHBOARD_DAYS, type Dashboard } from '../../../core/schemas/admin-dashboard.js';
import { chinaToday } from '../../../core/schemas/member.js';
import type { Db } from '../../db/client.js';
import { accountQueues, newBuyersByDay } from '../accounts/index.js';
import { documentQueues } from '../documents/index.js';
import { orderQueues, ordersByDay } from '../orders/index.js';
import { qualityQueues } from '../quality/index.js';

const DAY_MS = 86_400_000;
/** Licences expiring within this many days are a queue. */
const EXPIRY_DAYS = 30;

type Queue = Dashboard['queues'][number] & { permission: Permission };

/** The China days from `days - 1` days ago to today, oldest first. */
function lastDays(days: number, now: number) {
  const today = Date.parse(`${chinaToday(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export async function dashboard(db: Db, may: (p: Permission) => boolean, now = Date.now()): Promise<Dashboard> {
  const days = lastDays(DASHBOARD_DAYS, now);
  const since = new Date(`${days[0]}T00:00:00+08:00`);
  const [accounts, queues, byDay, buyersByDay, documents, quality] = await Promise.all([
    accountQueues(db, EXPIRY_DAYS, now),
    orderQueues(db),
    ordersByDay(db, since),
    newBuyersByDay(db, since),
    documentQueues(db, now),
    qualityQueues(db, now),
  ]);
  const all: Queue[] = [
    { key: 'reviews', label: '待审核资质', count: accounts.reviews, link: '/admin/users?is_passed=0&submitted=1', permission: 'user:review' },
    { key: 'expiring', label: `${EXPIRY_DAYS}天内到期证照`, count: accounts.expiring, link: `/admin/users?expiring=${EXPIRY_DAYS}`, permission: 'user:read' },
    { key: 'transfers', label: '待确认转账', count: queues.transfers, link: '/admin/orders?status=transfer', permission: 'finance:confirm' },
    { key: 'to_ship', label: '待发货订单', count: queues.toShip, link: '/admin/orders?status=1', permission: 'order:ship' },
    { key: 'after_sales', label: '待审核退货/售后', count: queues.afterSalesToDecide, link: '/admin/after-sales?status=0', permission: 'after_sale:decide' },
    { key: 'returns', label: '待收货退款', count: queues.afterSalesToFinish, link: '/admin/after-sales?status=1', permission: 'after_sale:decide' },
    { key: 'receipts', label: '待审核含麻回执', count: queues.receipts, link: '/admin/orders?receipt=waiting', permission: 'receipt:check' },
    { key: 'batches', label: '待验收批次', count: quality.pending, link: '/admin/batches?status=0', permission: 'batch:quality' },
  ];
  // The site's documents that have ended or end within 30 days, by name: buyers receive them in every pack.
  const alerts: Dashboard['alerts'] = may('document:write')
    ? [
        ...documents.expired.map((d) => ({
          key: `document-expired-${d.kind}`,
          level: 'error' as const,
          text: `本站首营资料「${d.name}」已于 ${d.validUntil} 过期，买家下载的资料包中仍是过期证照，请尽快上传新证。`,
          link: '/admin/documents',
        })),
        ...documents.expiring.map((d) => ({
          key: `document-expiring-${d.kind}`,
          level: 'warning' as const,
          text: `本站首营资料「${d.name}」将于 ${d.validUntil} 到期，请提前准备换证。`,
          link: '/admin/documents',
        })),
      ]
    : [];
  // The latest near-expiry daily report (quality/near-report.ts), to those who release and lock batches.
  if (quality.nearReport && may('batch:quality')) alerts.push(quality.nearReport);
  const today = days[days.length - 1];
  return {
    queues: all.filter((q) => may(q.permission)).map(({ permission: _permission, ...q }) => q),
    alerts,
    today: { orders: byDay.placed.get(today) ?? 0, paid_amount: fenToYuan(byDay.paid.get(today) ?? 0), new_buyers: buyersByDay.get(today) ?? 0 },
    days: days.map((day) => ({
      day,
      orders: byDay.placed.get(day) ?? 0,
      paid_amount: fenToYuan(byDay.paid.get(day) ?? 0),
      new_buyers: buyersByDay.get(day) ?? 0,
    })),
  };
}
