/** Requests of the cart calls (spec section 7 "Cart"). */
import { z } from 'zod';
import { id, quantity, wholeNumber } from './common.js';

/** One line as the browser adds it: goods_id, price (never trusted), number, ck_id, optional type. */
export const cartLine = z.object({
  goods_id: id('商品ID'),
  price: z.union([z.string(), z.number()], { error: '价格格式不正确' }).optional(),
  number: quantity('采购数量', 1, 99999),
  ck_id: id('仓库').optional(),
  type: z.enum(['0', '1', '3'], { error: '商品类型不正确' }).optional(),
  /** The bundle of a combination line (type 3). */
  combination_id: id('组合ID').optional(),
});

export const addToCartBody = z.object({
  params: z.array(cartLine, { error: '请选择要加入购物车的商品' }).min(1, { error: '请选择要加入购物车的商品' }).max(100, { error: '一次最多加入100件商品' }),
});

/** `ids[]=1&ids[]=2`, `ids=1,2` or one id: cart line ids. */
export const idsField = (label = '购物车商品') =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
    z
      .array(id(`${label}ID`), { error: `请选择${label}` })
      .min(1, { error: `请选择${label}` })
      .max(500, { error: `一次最多选择500件${label}` }),
  );

export const cartIdsBody = z.object({ ids: idsField() });

export const cartSelectBody = z.object({
  ids: idsField(),
  is_selected: z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()], { error: '选择状态格式不正确' }).transform((v) => v === true || v === 1 || v === '1'),
});

export const cartEditBody = z.object({
  params: z.object(
    {
      number: quantity('采购数量', 1, 99999),
    },
    { error: '请输入采购数量' },
  ),
});

/** The activity whose lines the cart list shows: 99999 all (the default), 0 the lines that cannot be bought. */
export const CART_ALL = 99999;
export const cartListQuery = z.object({
  filters: wholeNumber('筛选条件格式不正确').pipe(z.number().min(0, { error: '筛选条件格式不正确' })).optional().default(CART_ALL),
});

export const cartCopyBody = z.object({ ids: idsField(), other_user_ids: idsField('门店') });

/** What the next-hint call asks about: one activity, or the whole cart. */
export const nextHintQuery = z.object({ activity_id: id('活动ID').optional() });

export const quickAddBody = z.object({
  number: quantity('采购数量', 1, 99999).optional(),
});
