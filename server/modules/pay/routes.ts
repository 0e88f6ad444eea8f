/**
 * HTTP of the payment gateway: its notify, and the sandbox gateway's page (only while the sandbox is on,
 * like the SMS outbox). Paying an order is the orders module's (orders/payment.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import { answers } from '../../../core/schemas/envelope.js';
import { NotifyResult } from '../../../core/schemas/trade.js';
import type { Deps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import * as pay from './service.js';

const field = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .min(1, { error: `${label}格式不正确` })
    .max(128, { error: `${label}格式不正确` });
const notifyBody = z.object({
  notify_id: field('通知编号'),
  trade_no: field('支付单号'),
  amount: field('金额'),
  paid_at: field('支付时间'),
  sign: field('签名'),
});
const tradeNo = z.string({ error: '支付单号格式不正确' }).regex(/^[A-Z0-9]{6,40}$/, { error: '支付单号格式不正确' });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox gateway's page around `content`. */
const page = (
  content: string,
) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>药采通收银台（沙箱）</title><style>
body{margin:0;font:14px/1.6 'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;background:#f5f5f5;color:#333}
.box{max-width:380px;margin:40px auto;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:28px;text-align:center}
h1{font-size:18px;margin:0 0 4px}.sub{color:#999;font-size:12px}.amount{font-size:34px;color:#e4393c;font-weight:700;margin:18px 0}
button{width:100%;height:44px;border:0;border-radius:4px;background:#1aad19;color:#fff;font-size:16px;cursor:pointer}button:disabled{background:#ccc}
.msg{margin-top:14px;min-height:22px}</style></head><body><div class="box">
${content}
</div></body></html>`;

export async function payRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const secret = pay.notifySecret(deps.config);
  const sandbox = deps.config.SMS_SANDBOX;

  const tags = ['pay'];
  // The gateway's server calls this; it carries no session and no browser header, only its signature.
  app.post(
    '/api/pay/notify/:provider',
    {
      schema: {
        tags,
        summary: 'The gateway says a payment succeeded; the payment is marked paid and what it pays for settled, once.',
        description:
          'Called by the gateway without a session. `sign` is the HMAC-SHA256 (hex) of `amount=…&notify_id=…&paid_at=…&trade_no=…` with `PAY_NOTIFY_SECRET`. ' +
          "A bad signature answers HTTP 403; a notify already taken, or an amount that is not the payment's, is refused (400); an unknown provider or payment answers 404. " +
          'A payment already paid answers `already` 1 and changes nothing.',
        params: z.object({ provider: z.string().max(16).meta({ description: 'sandbox' }) }),
        body: notifyBody,
        response: answers(NotifyResult),
      },
    },
    async (req) => ok(await pay.takeNotify(db, secret, req.params.provider, req.body)),
  );

  if (!sandbox) return;
  app.post(
    '/api/pay/sandbox/confirm',
    {
      schema: {
        tags,
        summary: "(sandbox) The sandbox gateway's 确认支付: it sends its signed notify for the payment, as a real gateway would.",
        description: "Only for the paying account's session: a guest gets 401, another account 404.",
        body: z.object({ trade_no: tradeNo }),
        response: answers(NotifyResult),
      },
    },
    async (req) => ok(await pay.sandboxConfirm(db, secret, req.body.trade_no, requireUser(req).id)),
  );
  const sandboxPage = {
    schema: {
      tags,
      hide: true,
      summary: "(sandbox) The page a payment's QR code opens: it plays the buyer's phone, and opens only for the payer.",
      params: z.object({ tradeNo }),
    },
  };
  app.get('/pay/sandbox/:tradeNo', sandboxPage, async (req, reply) => {
    const found = await pay.sandboxPayment(db, req.params.tradeNo, req.session?.user.id ?? null);
    if (!found) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(`<h1>支付单不存在</h1>
<div class="sub">沙箱网关只为下单的账号打开：请在已登录该账号的浏览器中扫码或打开此页面。</div>`),
        );
    }
    const { payment, title } = found;
    const paid = payment.status === 1;
    const body = page(`<h1>模拟扫码支付</h1><div class="sub">沙箱网关：此页面代替买家的手机完成支付</div>
<div class="amount">¥${fenToYuan(payment.amount)}</div>
<div>${escapeHtml(title)}</div><div class="sub">支付单号 ${escapeHtml(payment.tradeNo)}</div>
<p><button id="pay" data-testid="sandbox-pay" ${paid ? 'disabled' : ''}>${paid ? '已支付' : '确认支付'}</button></p>
<div class="msg" id="msg" data-testid="sandbox-msg">${paid ? '该支付单已支付' : ''}</div>
<script>document.getElementById('pay').onclick=async function(){this.disabled=true;var m=document.getElementById('msg');
try{var r=await fetch('/api/pay/sandbox/confirm',{method:'POST',headers:{'content-type':'application/json','x-requested-with':'XMLHttpRequest'},body:JSON.stringify({trade_no:${JSON.stringify(payment.tradeNo)}})});
var j=await r.json();m.textContent=j.code===10000?'支付成功，请返回药采通查看':j.message;}catch(e){m.textContent='网络异常，请重试';this.disabled=false;}};</script>`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  });
}
