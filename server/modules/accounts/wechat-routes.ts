/** HTTP for WeChat QR login and the sandbox that plays the buyer's phone (accounts/wechat.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../core/schemas/common.js';
import { answers } from '../../../core/schemas/envelope.js';
import { SandboxScan, WechatLoginStatus, WechatQrcode } from '../../../core/schemas/user.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { loginTicketStatus, newTicket, sandboxScan, sandboxWechat, type WechatAuth } from './wechat.js';

const ticketQuery = z.object({ ticket: z.string({ error: '二维码已失效' }).min(8, { error: '二维码已失效' }).max(64) });

export async function wechatRoutes(root: FastifyInstance, deps: Deps, wechat: WechatAuth = sandboxWechat) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['accounts'];

  app.post(
    '/api/wechat/qrcode',
    {
      schema: { tags, summary: 'A WeChat QR code (ticket) for logging in or binding, valid for 5 minutes.', response: answers(WechatQrcode) },
      config: { rateLimit: { max: 30 * deps.config.RATE_LIMIT_FACTOR, timeWindow: 60_000 } },
    },
    async () => ok(await newTicket(db, wechat)),
  );

  app.get(
    '/api/wechat/status',
    {
      schema: {
        tags,
        summary: 'Whether the login QR code was scanned; a WeChat bound to an account logs that account in.',
        description:
          'Polled by the login page. When the scanned WeChat is bound to an account, that account is logged in (once: the ticket is used up) and `user` is its user object; a WeChat bound to no account answers `scanned` with its `nickname`, to register with (`wechat_ticket`).',
        querystring: ticketQuery,
        response: answers(WechatLoginStatus),
      },
    },
    async (req, reply) => ok(await loginTicketStatus(db, req, reply, req.query.ticket)),
  );

  if (deps.config.SMS_SANDBOX) {
    const scanBody = ticketQuery.extend({
      nickname: text('微信昵称', 32).optional(),
      /** The phone's kept identity from an earlier scan; absent, a new WeChat user scans. */
      device: z
        .string({ error: '微信身份无效' })
        .regex(/^[A-Za-z0-9_-]{32,64}$/, { error: '微信身份无效' })
        .optional(),
    });
    app.post(
      '/api/wechat/sandbox_scan',
      {
        schema: {
          tags,
          summary: "The sandbox's scan of a QR code (sandbox only): plays the buyer's phone.",
          description:
            'Without `device` the scan is a new, random WeChat user; `device` is the identity an earlier scan handed out, which the sandbox page keeps as a phone keeps its WeChat login.',
          body: scanBody,
          response: answers(SandboxScan),
        },
      },
      async (req) => ok(await sandboxScan(db, req.body)),
    );

    app.get(
      '/wechat/sandbox',
      { schema: { tags, summary: "The sandbox page a QR code opens: it plays the buyer's phone.", hide: true } },
      async (_req, reply) =>
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
