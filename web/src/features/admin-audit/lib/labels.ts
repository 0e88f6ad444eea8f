/**
 * Chinese names of what the audit log records: actions, target kinds and the fields written before and after.
 * Anything not named here shows as recorded.
 */
import type { AdminMe } from '@core/schemas/admin';

export const ACTION_NAMES: Record<string, string> = {
  'operator.create': '新增操作员',
  'operator.update': '编辑操作员',
  'operator.password': '重置操作员密码',
  'operator.reset_totp': '重置两步验证',
  'order.confirm_transfer': '确认对公转账',
  'order.ship': '订单发货',
  'order.cancel': '取消订单',
  'order.refund': '订单退款',
  'order.receipt_accept': '含麻回执通过',
  'order.receipt_reject': '含麻回执退回',
  'after_sale.approve': '同意售后申请',
  'after_sale.reject': '拒绝售后申请',
  'after_sale.receive': '确认退货收货',
  'after_sale.refund': '售后退款',
  'goods.create': '新增商品',
  'goods.update': '编辑商品',
  'goods.stock': '调整库存',
  'goods.on_sale': '商品上下架',
  'goods.import': '导入商品',
  'category.create': '新增分类',
  'category.update': '编辑分类',
  'brand.create': '新增品牌',
  'brand.update': '编辑品牌',
};

const TARGET_NAMES: Record<string, string> = {
  operator: '操作员',
  order: '订单',
  after_sale: '售后申请',
  user: '客户',
  goods: '商品',
  category: '分类',
  brand: '品牌',
};

const FIELD_NAMES: Record<string, string> = {
  username: '用户名',
  name: '姓名',
  roles: '角色',
  is_disabled: '已停用',
  totp_enabled: '两步验证',
  password_changed_at: '密码修改时间',
  status: '状态',
  pay_status: '支付状态',
  pay_method: '支付方式',
  carrier: '物流公司',
  tracking_no: '运单号',
  bank_ref: '银行流水号',
  refunded_amount: '已退款金额',
  refund_amount: '退款金额',
  receipt_status: '回执状态',
  cancel_reason: '取消原因',
  reply: '处理说明',
  received: '已收货',
  refunded: '已退款',
  sccj: '生产厂家',
  ypgg: '规格',
  bzdw: '包装单位',
  pzwh: '批准文号',
  jx: '剂型',
  cfl: '处方分类',
  scrq: '生产日期',
  xq: '效期',
  zbz: '中包装',
  jzl: '件装量',
  ccfs: '储存方式',
  ck_id: '仓库',
  category_id: '分类',
  brand_id: '品牌',
  scope_id: '经营范围',
  is_youx: '优选',
  is_kx: '控销',
  is_zy: '中药',
  is_qx: '器械',
  is_ephedrine: '含麻黄碱',
  is_free_shipping: '包邮',
  free_shipping_number: '包邮数量',
  is_buy: '可购买',
  is_on_sale: '上架',
  tags: '标签',
  base_price: '价格',
  ladder_price: '阶梯价',
  goods_image: '商品图片',
  instructions: '说明书',
  number: '库存',
  reason: '原因',
  parent_id: '上级分类',
  sort: '排序',
  is_show: '显示',
  logo: '品牌标志',
  logo1: '分类图标',
  banner: '品牌横幅',
  description: '介绍',
};

export const actionName = (action: string) => ACTION_NAMES[action] ?? action;
export const fieldName = (field: string) => FIELD_NAMES[field] ?? field;
export const targetName = (type: string) => TARGET_NAMES[type] ?? type;

/** A recorded value as an operator reads it: roles by name, yes/no for flags, — for nothing. */
export function valueText(field: string, value: unknown, me: AdminMe | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return field === 'totp_enabled' ? (value ? '已启用' : '未启用') : value ? '是' : '否';
  if (field === 'roles' && Array.isArray(value)) return value.map((r) => me?.roles.find((x) => x.key === r)?.name ?? String(r)).join('、') || '—';
  if (Array.isArray(value)) return value.map(String).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
