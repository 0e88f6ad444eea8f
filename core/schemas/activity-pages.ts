/**
 * Activity pages made of blocks (DESIGN.md section 14): `/yjh/{id?}`, `/Hdzx/{ids}/{id?}`, `/zqmb?id=` and
 * `/hdmb?id=` all show one page model, ordered blocks an operator composes in the console (营销活动 › 活动页面),
 * so that a new activity is data, not code. The console writes the blocks as `blockInput` says; the storefront
 * reads them resolved: the goods of a grid with the viewer's prices, the bundles on offer, the coupons by id.
 */
import { z } from 'zod';
import { chinaMinute } from './admin-promotions.js';
import { flag, freeText, id, page, quantity, text } from './common.js';
import { bit, pageOf, unixTime } from './envelope.js';
import { Goods, GOODS_SORTS } from './goods.js';
import { BundleOffer } from './promotions.js';

export const ACTIVITY_PAGE_KINDS = ['yjh', 'zqmb', 'hdmb'] as const;
export const ACTIVITY_PAGE_KIND_TEXT: Record<(typeof ACTIVITY_PAGE_KINDS)[number], string> = { yjh: '活动专区', zqmb: '专题专区', hdmb: '活动专题' };
export const BLOCK_KINDS = ['banner', 'countdown', 'coupons', 'goods', 'bundles', 'text', 'links'] as const;
export const BLOCK_KIND_TEXT: Record<(typeof BLOCK_KINDS)[number], string> = {
  banner: '横幅图片',
  countdown: '倒计时',
  coupons: '优惠券条',
  goods: '商品楼层',
  bundles: '组合套餐',
  text: '图文说明',
  links: '入口链接',
};
const BLOCKS_MAX = 30;
const BLOCK_GOODS_MAX = 60;
const RICH_TEXT_MAX = 20_000;

/** A link of the site (`/list?...`) or a full https address. */
const link = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(1000, { error: `${label}不能超过1000个字符` })
    .refine((v) => v === '' || /^\/(?!\/)[^\s<>"]*$/.test(v) || /^https:\/\/[^\s<>"]+$/.test(v), { error: `${label}须为站内路径（以 / 开头）或 https 地址` });
/** A picture: a path of this site (uploads, seed pictures) or an https address. */
const picture = (label: string) => link(label).refine((v) => v !== '', { error: `请上传或填写${label}` });
const title = (label = '标题') => freeText(label, 30).optional().default('');

export const blockInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('banner'), image: picture('横幅图片'), url: link('跳转链接').optional().default('') }),
    z.object({ kind: z.literal('countdown'), title: title() }),
    z.object({
      kind: z.literal('coupons'),
      title: title(),
      coupon_ids: z.array(id('优惠券ID'), { error: '请选择优惠券' }).min(1, { error: '请至少选择一张优惠券' }).max(8, { error: '一个券条最多8张优惠券' }),
    }),
    z
      .object({
        kind: z.literal('goods'),
        title: title(),
        goods_ids: z
          .array(id('商品ID'), { error: '商品ID格式不正确' })
          .max(BLOCK_GOODS_MAX, { error: `一个楼层最多${BLOCK_GOODS_MAX}个商品` })
          .optional()
          .default([])
          .meta({ description: 'chosen goods in this order; when empty the filter picks them' }),
        keywords: freeText('筛选关键词', 30).optional().default(''),
        category_id: id('分类ID').optional(),
        brand_id: id('品牌ID').optional(),
        sort: z.enum(GOODS_SORTS, { error: '排序方式格式不正确' }).optional().default('sales'),
        limit: quantity('展示数量', 4, BLOCK_GOODS_MAX).optional().default(10),
      })
      .superRefine((b, ctx) => {
        if (!b.goods_ids.length && !b.keywords && b.category_id === undefined && b.brand_id === undefined)
          ctx.addIssue({ code: 'custom', path: ['goods_ids'], message: '请选择商品，或设置筛选条件（关键词、分类或品牌）' });
      }),
    z.object({ kind: z.literal('bundles'), title: title() }),
    z.object({
      kind: z.literal('text'),
      html: z
        .string({ error: '请输入图文内容' })
        .trim()
        .min(1, { error: '请输入图文内容' })
        .max(RICH_TEXT_MAX, { error: `图文内容不能超过${RICH_TEXT_MAX}个字符` })
        .meta({ description: 'HTML; stored through the server’s allow-list sanitizer (no scripts, styles or event attributes)' }),
    }),
    z.object({
      kind: z.literal('links'),
      title: title(),
      links: z
        .array(z.object({ title: text('入口名称', 20), url: picture('入口链接'), image: link('入口图片').optional().default('') }), { error: '请添加入口' })
        .min(1, { error: '请至少添加一个入口' })
        .max(12, { error: '最多12个入口' }),
    }),
  ],
  { error: '请选择模块类型' },
);
export type BlockInput = z.output<typeof blockInput>;

/** `POST /api/admin/activity-pages` and `POST /api/admin/activity-pages/{id}`: a page and its blocks. */
export const activityPageBody = z
  .object({
    kind: z.enum(ACTIVITY_PAGE_KINDS, { error: '请选择页面类型' }),
    title: text('页面标题', 30),
    theme: z
      .string({ error: '主题色格式不正确' })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: '主题色须为 #RRGGBB' })
      .optional()
      .default('#e4393c'),
    starts_at: chinaMinute('开始时间'),
    ends_at: chinaMinute('结束时间'),
    is_show: flag('是否上线').optional().default(1),
    blocks: z
      .array(blockInput, { error: '请添加页面模块' })
      .min(1, { error: '请至少添加一个模块' })
      .max(BLOCKS_MAX, { error: `最多${BLOCKS_MAX}个模块` }),
  })
  .superRefine((p, ctx) => {
    if (p.ends_at <= p.starts_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: '结束时间须晚于开始时间' });
  });
export type ActivityPageInput = z.output<typeof activityPageBody>;

export const adminBlockPageParams = z.object({ id: id('页面ID') });
export const adminBlockPageQuery = z.object({ page: page(), keyword: freeText('关键词', 30).optional().default('') });

/** A page as the console lists and edits it: the blocks as written. */
export const AdminBlockPage = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_PAGE_KINDS),
  kind_text: z.string(),
  title: z.string(),
  theme: z.string(),
  starts_at: z.string().meta({ description: 'YYYY-MM-DD HH:mm, China time' }),
  ends_at: z.string(),
  is_show: bit,
  state_text: z.string().meta({ description: '未上线, 未开始, 进行中 or 已结束' }),
  blocks: z.array(z.record(z.string(), z.unknown())).meta({ description: 'the blocks as `blockInput` (the text block’s html as sanitized)' }),
  url: z.string().meta({ description: 'where the storefront shows it' }),
  updated_at: unixTime,
});
export type AdminBlockPage = z.infer<typeof AdminBlockPage>;
export const AdminBlockPageList = pageOf(AdminBlockPage);
export type AdminBlockPageList = z.infer<typeof AdminBlockPageList>;

/** `GET /api/activity/page?id&preview`: one page; without `id` the newest of its kind on now. */
export const activityPageQuery = z.object({
  id: id('页面ID').optional(),
  kind: z.enum(ACTIVITY_PAGE_KINDS, { error: '页面类型格式不正确' }).optional().default('yjh'),
  preview: flag('预览').optional().default(0),
});

const blockTitle = z.string().meta({ description: 'shown over the block; may be empty' });
export const ActivityBlock = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('banner'), image: z.string(), url: z.string() }),
  z.object({ kind: z.literal('countdown'), title: blockTitle }),
  z.object({
    kind: z.literal('coupons'),
    title: blockTitle,
    coupon_ids: z.array(z.number().int()).meta({ description: 'read with `GET /api/coupon/center?ids=`' }),
  }),
  z.object({
    kind: z.literal('goods'),
    title: blockTitle,
    goods: z.array(Goods),
    more: z.string().meta({ description: 'the goods list of the filter; empty for chosen goods' }),
  }),
  z.object({ kind: z.literal('bundles'), title: blockTitle, bundles: z.array(BundleOffer) }),
  z.object({ kind: z.literal('text'), html: z.string().meta({ description: 'sanitized HTML' }) }),
  z.object({ kind: z.literal('links'), title: blockTitle, links: z.array(z.object({ title: z.string(), url: z.string(), image: z.string() })) }),
]);
export type ActivityBlock = z.infer<typeof ActivityBlock>;

export const ActivityPageView = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_PAGE_KINDS),
  title: z.string(),
  theme: z.string(),
  start_time: unixTime,
  end_time: unixTime,
  status: z.union([z.literal(0), z.literal(1)]).meta({ description: '0 not started yet (a preview), 1 on now; a page over answers 404' }),
  blocks: z.array(ActivityBlock),
  timestamp: unixTime.meta({ description: "the server's clock, which the countdowns follow" }),
});
export type ActivityPageView = z.infer<typeof ActivityPageView>;
