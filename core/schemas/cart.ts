/** Requests of the cart calls (spec section 7 "Cart"). */
import { z } from 'zod';
import { id } from './common.js';

/** One line as the browser adds it: goods_id, price (never trusted), number, ck_id, optional type. */
export const cartLine = z.object({
  goods_id: id('商品ID'),
  price: z.union([z.string(), z.number()], { error: '价格格式不正确' }).optional(),
  number: z.coerce
    .number({ error: '请输入采购数量' })
    .int({ error: '采购数量须为整数' })
    .min(1, { error: '采购数量至少为1' })
    .max(99999, { error: '采购数量不能超过99999' }),
  ck_id: id('仓库').optional(),
  type: z.enum(['0', '1', '3'], { error: '商品类型不正确' }).optional(),
});

export const addToCartBody = z.object({
  params: z.array(cartLine, { error: '请选择要加入购物车的商品' }).min(1, { error: '请选择要加入购物车的商品' }).max(100, { error: '一次最多加入100件商品' }),
});
