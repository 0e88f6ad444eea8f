/**
 * WeChat QR login and binding behind the WechatAuth interface. The built-in provider is a sandbox: its "scan"
 * is a page of this site that plays the buyer's phone. The phone's WeChat identity is a random secret the
 * sandbox hands out at its first scan and the page keeps (as the WeChat app keeps its login): typing
 * someone's nickname makes nobody them.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { users, wechatTickets } from '../../db/schema/index.js';
import { text } from '../../../core/schemas/common.js';
import { invalid, ok } from '../../http/envelope.js';
import { userBase } from '../accounts/service.js';
import { startSession } from '../accounts/sessions.js';

const TICKET_SECONDS = 300;
const ticketQuery = z.object({ ticket: z.string({ error: '二维码已失效' }).min(8, { error: '二维码已失效' }).max(64) });

export interface WechatAuth {
  /** The URL the QR code encodes. */
  scanUrl(ticket: string): string;
}

export const sandboxWechat: WechatAuth = { scanUrl: (ticket) => `/wechat/sandbox?ticket=${encodeURIComponent(ticket)}` };

export async function wechatRoutes(root: FastifyInstance, deps: Deps, wechat: WechatAuth = sandboxWechat) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post('/api/wechat/qrcode', { config: { rateLimit: { max: 30 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } } }, async () => {
    const ticket = crypto.randomBytes(18).toString('base64url');
    await db.insert(wechatTickets).values({ ticket, expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000) });
    return ok({ ticket, scan_url: wechat.scanUrl(ticket), expires_in: TICKET_SECONDS });
  });

  app.get('/api/wechat/status', { schema: { querystring: ticketQuery } }, async (req, reply) => {
    const [row] = await db.select().from(wechatTickets).where(eq(wechatTickets.ticket, req.query.ticket)).limit(1);
    if (!row || row.expiresAt < new Date() || row.usedAt) return ok({ status: 'expired', bound: 0 });
    if (!row.openid) return ok({ status: 'waiting', bound: 0 });
    const [user] = await db.select().from(users).where(eq(users.wechatOpenid, row.openid)).limit(1);
    if (!user) return ok({ status: 'scanned', bound: 0, nickname: row.nickname });
    const token = await db.transaction(async (tx) => {
      const used = await tx
        .update(wechatTickets)
        .set({ usedAt: new Date() })
        .where(and(eq(wechatTickets.ticket, row.ticket), isNull(wechatTickets.usedAt)))
        .returning();
      if (used.length === 0) return null;
      return startSession(tx, req, reply, user.id);
    });
    if (!token) return ok({ status: 'expired', bound: 0 });
    return ok({ status: 'scanned', bound: 1, user: await userBase(db, user, token) });
  });

  if (deps.config.SMS_SANDBOX) {
    const scanBody = ticketQuery.extend({
      nickname: text('微信昵称', 32).optional(),
      /** The phone's kept identity from an earlier scan; absent, a new WeChat user scans. */
      device: z.string({ error: '微信身份无效' }).regex(/^[A-Za-z0-9_-]{32,64}$/, { error: '微信身份无效' }).optional(),
    });
    app.post('/api/wechat/sandbox_scan', { schema: { body: scanBody } }, async (req) => {
      const nickname = req.body.nickname ?? '微信用户';
      const device = req.body.device ?? crypto.randomBytes(24).toString('base64url');
      const openid = `sandbox_${crypto.createHash('sha256').update(`wechat-sandbox:${device}`).digest('hex').slice(0, 24)}`;
      const updated = await db
        .update(wechatTickets)
        .set({ openid, nickname, scannedAt: new Date() })
        .where(and(eq(wechatTickets.ticket, req.body.ticket), isNull(wechatTickets.usedAt)))
        .returning();
      if (updated.length === 0 || updated[0].expiresAt < new Date()) throw invalid('ticket', '二维码已失效，请刷新');
      return ok({ nickname, device });
    });

    app.get('/wechat/sandbox', async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="zh-CN"><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>微信扫码（沙箱）</title>
<body style="font-family:PingFang SC,Microsoft YaHei,sans-serif;text-align:center;padding:40px">
<h2>微信扫码授权（沙箱）</h2><p>这是开发环境的模拟微信，点击确认即视为已扫码授权。</p>
<p><label>模拟的微信昵称 <input id="nick" style="padding:6px;font-size:15px"></label></p>
<button id="ok" style="background:#07c160;color:#fff;border:0;padding:10px 32px;font-size:16px;border-radius:4px">确认登录</button>
<p><a href="#" id="fresh" style="color:#576b95;font-size:13px">换一个微信号</a></p>
<p id="msg"></p>
<script>
const nick = document.getElementById('nick');
nick.value = localStorage.getItem('sandbox_wechat_nickname') || '微信用户' + Math.floor(1000 + Math.random() * 9000);
document.getElementById('fresh').onclick = (e) => {
  e.preventDefault();
  localStorage.removeItem('sandbox_wechat_device');
  nick.value = '微信用户' + Math.floor(1000 + Math.random() * 9000);
  document.getElementById('msg').textContent = '下次确认将以一个新的微信号登录';
};
document.getElementById('ok').onclick = async () => {
  localStorage.setItem('sandbox_wechat_nickname', nick.value);
  const ticket = new URLSearchParams(location.search).get('ticket') || '';
  const device = localStorage.getItem('sandbox_wechat_device') || undefined;
  const r = await fetch('/api/wechat/sandbox_scan', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify({ ticket, nickname: nick.value, device }) });
  const j = await r.json();
  if (j.code === 10000) localStorage.setItem('sandbox_wechat_device', j.data.device);
  document.getElementById('msg').textContent = j.code === 10000 ? '已授权，请返回电脑继续操作' : j.message;
};
</script></body></html>`),
    );
  }
}
