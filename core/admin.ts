/**
 * The operator console's permissions and roles (DESIGN.md section 13). A permission is an area and an action;
 * a role bundles permissions; an operator holds roles. Deny by default: a call or a menu entry needs its
 * permission. The server checks every call; the console shows only what the operator may use.
 */

export const PERMISSIONS = {
  'dashboard:read': '工作台',
  'user:read': '查看客户',
  'user:review': '审核资质',
  'user:write': '编辑客户资料与权限',
  'wallet:adjust': '调整余额、红包与积分',
  'credit:write': '设置账期额度',
  'order:read': '查看订单',
  'order:ship': '订单发货',
  'order:cancel': '取消订单',
  'order:refund': '订单退款',
  'after_sale:decide': '处理退货与售后',
  'receipt:check': '审核含麻订单回执',
  'finance:confirm': '确认对公转账',
  'finance:invoice': '电子发票',
  'goods:read': '查看商品',
  'goods:write': '编辑商品与价格',
  'stock:write': '调整库存',
  'category:write': '分类与品牌',
  'promotion:write': '营销活动',
  'content:write': '内容管理',
  'chat:reply': '在线客服',
  'service:reply': '求购与反馈',
  'document:write': '首营资料',
  'batch:receive': '批次入库与药检报告',
  'batch:quality': '批次放行、锁定与召回',
  'operator:admin': '操作员与角色',
  'audit:read': '操作日志',
  'job:read': '后台任务',
  'job:run': '立即运行后台任务',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export const ROLES = {
  admin: { name: '超级管理员', permissions: ALL_PERMISSIONS },
  ops: {
    name: '运营',
    permissions: [
      'dashboard:read',
      'goods:read',
      'goods:write',
      'stock:write',
      'category:write',
      'promotion:write',
      'content:write',
      'order:read',
      'user:read',
    ],
  },
  qa: {
    name: '质管',
    permissions: ['dashboard:read', 'user:read', 'user:review', 'receipt:check', 'order:read', 'goods:read', 'document:write', 'batch:quality'],
  },
  finance: {
    name: '财务',
    permissions: [
      'dashboard:read',
      'order:read',
      'finance:confirm',
      'order:refund',
      'order:cancel',
      'after_sale:decide',
      'credit:write',
      'wallet:adjust',
      'finance:invoice',
      'user:read',
    ],
  },
  warehouse: { name: '仓储', permissions: ['dashboard:read', 'order:read', 'order:ship', 'goods:read', 'stock:write', 'batch:receive'] },
  service: { name: '客服', permissions: ['dashboard:read', 'user:read', 'order:read', 'chat:reply', 'service:reply', 'goods:read'] },
} as const satisfies Record<string, { name: string; permissions: readonly Permission[] }>;

export type Role = keyof typeof ROLES;
export const ROLE_KEYS = Object.keys(ROLES) as Role[];

/** Every permission an operator with these roles holds. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const held = new Set<Permission>();
  for (const r of roles) for (const p of ROLES[r as Role]?.permissions ?? []) held.add(p);
  return ALL_PERMISSIONS.filter((p) => held.has(p));
}

/** An operator session ends after this long without a call, and after this long in all. */
export const OPERATOR_IDLE_MINUTES = 30;
export const OPERATOR_SESSION_HOURS = 12;
