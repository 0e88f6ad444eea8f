/** Requests of addresses, checkout, orders and payment (DESIGN.md section 6). */
import { z } from 'zod';
import { addressText, flag, freeText, id, page, personName, phoneOrLandline, quantity, text, wholeNumber } from './common.js';
import { bit } from './envelope.js';

const region = (label: string, message: string) => text(label, 20).regex(/^[\u3400-\u9fff]{2,20}$/, { error: message });

export const addressBody = z.object({
  name: personName('收货人'),
  phone: phoneOrLandline('联系电话'),
  province: region('省份', '请选择省份'),
  city: region('城市', '请选择城市'),
  district: region('区县', '请选择区县'),
  address: addressText(),
  is_default: flag('默认地址').optional(),
});

/** A receiving address as every call answers it. */
export const Address = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  is_default: bit,
  /** Province, city, district and street in one line. */
  full: z.string(),
});
export type Address = z.infer<typeof Address>;

/** The coupon to apply: a held coupon's id, `best`, or 0 for none; absent (or empty) leaves the choice to the call. */
const couponChoice = z
  .union([z.literal('best'), z.literal(''), wholeNumber('优惠券格式不正确').pipe(z.number().min(0, { error: '优惠券格式不正确' }))], { error: '优惠券格式不正确' })
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v === 0 ? null : v));

export const INVOICE_TYPES = { 0: '不开发票', 1: '电子普通发票', 2: '增值税专用发票' } as const;

export const invoiceInput = z
  .object({
    type: wholeNumber('发票类型不正确').pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '发票类型不正确' })),
    title: freeText('发票抬头', 60).optional().default(''),
    tax_no: z
      .string({ error: '税号格式不正确' })
      .trim()
      .regex(/^$|^[0-9A-Z]{15,20}$/, { error: '请输入15-20位税号（数字或大写字母）' })
      .optional()
      .default(''),
    email: z.string({ error: '邮箱格式不正确' }).trim().max(64, { error: '邮箱格式不正确' }).regex(/^$|^[\w.-]+@[\w-]+(\.[\w-]+)+$/, { error: '请输入正确的邮箱地址' }).optional().default(''),
  })
  .refine((v) => v.type === 0 || v.title.length >= 2, { error: '请填写发票抬头', path: ['title'] })
  .refine((v) => v.type !== 2 || v.tax_no.length > 0, { error: '增值税专用发票须填写税号', path: ['tax_no'] });

export const confirmQuery = z.object({
  address_id: id('收货地址').optional(),
  coupon_id: couponChoice,
  use_red_packet: flag('账户红包').optional(),
});

export const CHECKOUT_KEY_RE = /^[A-Za-z0-9_-]{16,64}$/;

export const createOrderBody = z.object({
  address_id: id('收货地址'),
  coupon_id: couponChoice,
  use_red_packet: flag('账户红包').optional(),
  remark: freeText('备注', 200).optional().default(''),
  invoice: invoiceInput.optional(),
  /**
   * Made once by the confirm page: a second post of the same checkout (a double click, a retry after a lost
   * answer) answers the orders of the first instead of making new ones.
   */
  checkout_key: z.string({ error: '请刷新页面后重新提交' }).regex(CHECKOUT_KEY_RE, { error: '请刷新页面后重新提交' }).optional(),
});

export const ORDER_STATUSES = { 0: '待付款', 1: '待发货', 2: '已发货', 3: '已完成', 4: '已取消' } as const;

export const orderListQuery = z.object({
  status: wholeNumber('订单状态不正确').pipe(z.number().min(0, { error: '订单状态不正确' }).max(4, { error: '订单状态不正确' })).optional(),
  keywords: freeText('搜索关键词', 50).optional().default(''),
  page: page(),
});

export const cancelOrderBody = z.object({ reason: freeText('取消原因', 100).optional().default('') });

const uploadPath = text('图片', 255).regex(/^\/uploads\/[A-Za-z0-9._-]+$/, { error: '请上传图片' });

export const afterSaleBody = z.object({
  lines: z
    .array(z.object({ item_id: id('订单商品'), number: quantity('数量', 1, 99999) }), { error: '请选择商品' })
    .min(1, { error: '请选择商品' })
    .max(200, { error: '一次最多选择200种商品' }),
  reason: text('原因', 200),
  images: z.array(uploadPath, { error: '图片格式不正确' }).max(6, { error: '最多上传6张图片' }).optional().default([]),
});

export const receiptBody = z.object({ image: uploadPath });

export const PAY_METHODS = ['balance', 'credit', 'online', 'transfer'] as const;
export const payOrderBody = z.object({
  order_id: id('订单'),
  method: z.enum(PAY_METHODS, { error: '请选择支付方式' }),
});
