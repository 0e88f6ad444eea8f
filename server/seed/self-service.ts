/**
 * demo's 品种求购 and 意见反馈: a request waiting, one answered with the supplier's date, one listed with the goods
 * now in the catalogue, one that cannot be bought (a specially controlled drug), and two pieces of feedback, one
 * answered. The answers reached demo in 我的消息 when they were given, and demo has read them since.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { buyRequests, feedbacks, goods, messages, users } from '../db/schema/index.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const LOGISTICS_REPLY = '您好，已联系承运方核实，系分拣时遗漏，少发的一件已于今日补发（顺丰速运 SF1402268801533），请注意查收。给您带来不便，深表歉意。';

export async function seedSelfService(db: Db, now = Date.now()) {
  const [demo] = await db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(eq(users.username, 'demo'));
  if (!demo) return;
  const [{ n }] = await db.select({ n: count() }).from(buyRequests).where(eq(buyRequests.userId, demo.id));
  if (n > 0) return;
  // The goods listed for the answered request: 磷酸奥司他韦胶囊 when the catalogue has it, else its first goods.
  const [listed] = (await db.select().from(goods).where(eq(goods.name, '磷酸奥司他韦胶囊')).orderBy(asc(goods.id)).limit(1)).concat(
    await db.select().from(goods).orderBy(asc(goods.id)).limit(1),
  );
  const at = (days: number, hours = 0) => new Date(now - days * DAY_MS - hours * HOUR_MS);
  const contact = { contact: demo.name || '王丽华', phone: demo.phone };
  // Operators are seeded after the accounts: the answers name no operator.
  const answered = (days: number, hours: number) => ({ repliedAt: at(days, hours) });
  const day = (d: Date) => new Date(d.getTime() + 8 * HOUR_MS).toISOString().slice(0, 10);

  const requests = [
    {
      name: '甲钴胺片',
      sccj: '卫材（中国）药业有限公司',
      spec: '0.5mg*20片',
      quantity: 200,
      unit: '盒',
      expectedPrice: 1650,
      remark: '门店老年顾客需求稳定，希望长期供货',
      status: 1,
      reply: '您好，该品种厂家目前供货紧张，预计下月中旬到货。到货后我们会第一时间上架并通过站内消息通知您，感谢您的耐心等待。',
      createdAt: at(5, 3),
      ...answered(4, 20),
    },
    {
      name: '达格列净片',
      sccj: '阿斯利康制药有限公司',
      spec: '10mg*14片',
      quantity: 50,
      unit: '盒',
      expectedPrice: null,
      remark: '',
      status: 0,
      reply: '',
      createdAt: at(1, 5),
    },
    ...(listed
      ? [
          {
            name: listed.name,
            sccj: listed.sccj,
            spec: listed.ypgg,
            quantity: 100,
            unit: listed.bzdw || '盒',
            expectedPrice: null,
            remark: '流感季备货',
            status: 2,
            reply: '已为您引进该品种并上架，欢迎选购。首批库存有限，建议尽早下单。',
            goodsId: listed.id,
            createdAt: at(12, 2),
            ...answered(9, 4),
          },
        ]
      : []),
    {
      name: '盐酸羟考酮缓释片',
      sccj: '萌蒂（中国）制药有限公司',
      spec: '10mg*10片',
      quantity: 10,
      unit: '盒',
      expectedPrice: null,
      remark: '',
      status: 3,
      reply: '您好，该品种属于麻醉药品，须按国家特殊药品管理规定经定点渠道采购，本平台暂不经营，敬请谅解。',
      createdAt: at(20, 6),
      ...answered(19, 22),
    },
  ];
  // Filed oldest first, as they were: the newest has the highest id.
  const filed = [...requests].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await db.insert(buyRequests).values(filed.map((r) => ({ userId: demo.id, ...contact, ...r })));

  await db.insert(feedbacks).values([
    {
      userId: demo.id,
      type: 'logistics' as const,
      content: '11月的订单物流显示已签收，但门店实际少收了一件板蓝根颗粒（20袋*10包），麻烦帮忙核实一下。',
      contact: demo.phone,
      status: 1,
      reply: LOGISTICS_REPLY,
      createdAt: at(6, 2),
      ...answered(5, 21),
    },
    {
      userId: demo.id,
      type: 'website' as const,
      content: '建议在搜索结果里增加“按效期排序”，方便我们挑选近效期的特价商品。',
      contact: '',
      status: 0,
      reply: '',
      createdAt: at(0, 20),
    },
  ]);

  // What demo was told when each answer was given, read since.
  const told = [
    { title: '品种求购已回复：甲钴胺片', content: `您求购的“甲钴胺片 0.5mg*20片”已有回复。客服回复：${requests[0].reply}`, createdAt: at(4, 20) },
    ...(listed
      ? [
          {
            title: `品种求购已上架：${listed.name}`,
            content: `您求购的“${listed.name} ${listed.ypgg}”已上架（${listed.name} ${listed.ypgg}），可在“自助服务-品种求购”中查看并前往下单。客服回复：已为您引进该品种并上架，欢迎选购。首批库存有限，建议尽早下单。`,
            createdAt: at(9, 4),
          },
        ]
      : []),
    {
      title: '品种求购无法采购：盐酸羟考酮缓释片',
      content: `很抱歉，您求购的“盐酸羟考酮缓释片 10mg*10片”暂时无法采购。客服回复：${requests[requests.length - 1].reply}`,
      createdAt: at(19, 22),
    },
    { title: '意见反馈已回复', content: `您于 ${day(at(6, 2))} 提交的物流类反馈已有回复：${LOGISTICS_REPLY}`, createdAt: at(5, 21) },
  ];
  await db.insert(messages).values(told.map((m) => ({ userId: demo.id, ...m, isRead: true })));
}
