/**
 * The chat across server processes (DESIGN.md section 16): with REDIS_URL a message stored by one process reaches
 * a socket another process holds, and who is connected is known to every process. Two apps on one database in this
 * process, on either database; and, on PostgreSQL (PGlite is one process's own database), two real server
 * processes started as `npm start` starts one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, testConfig } from '../../testing.js';
import { cookieOf, redisAnswers, serverProcesses, TEST_REDIS_URL } from '../../test-processes.js';
import { OPERATOR_PASSWORD } from '../operators/service.js';
import { openSocket } from './testing.js';

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAnswers();

// Without CI the Redis tests skip when Redis is not running; CI starts Redis (.ci/run), so there they must not skip.
it.runIf(process.env.CI)(`finds Redis answering at ${REDIS_URL} (checked under CI, where the Redis tests must run)`, () => {
  expect(redisUp, `Redis does not answer at ${REDIS_URL}`).toBe(true);
});
const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL || process.env.DATABASE_URL : undefined;

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

describe.runIf(redisUp)(`the chat across server processes through Redis at ${REDIS_URL} (runs when Redis answers) on ${dbLabel}`, () => {
  it('two servers on one database: a message stored by one reaches the socket the other holds, both ways, and both know who is connected', async () => {
    const dataDir = path.join(os.tmpdir(), `yct-chat-${crypto.randomBytes(4).toString('hex')}`);
    const one = await buildTestApp({ goods: 40, config: { REDIS_URL, DATA_DIR: dataDir } });
    const two = await buildApp({ config: testConfig({ REDIS_URL, DATA_DIR: dataDir }), database: one.database, logger: false });
    try {
      const [urlOne, urlTwo] = [await one.app.listen({ port: 0, host: '127.0.0.1' }), await two.listen({ port: 0, host: '127.0.0.1' })].map((u) =>
        u.replace(/^http/, 'ws'),
      );
      const buyer = await loginAs(one.app, 'chain-b');
      const serviceHttp = await operatorLogin(two, 'service');
      const login = await two.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: XHR,
        payload: JSON.stringify({ username: 'service', password: OPERATOR_PASSWORD }),
      });
      const operatorCookie = String(login.headers['set-cookie']).split(';')[0];
      // chain-b may chat here.
      const admin = await operatorLogin(one.app, 'admin');
      const id = (await admin.get('/api/admin/users?keyword=chain-b')).body.data.data[0].id as number;
      const flags = (await admin.get(`/api/admin/users/${id}`)).body.data;
      await admin.postJson(`/api/admin/users/${id}`, {
        is_special: flags.is_special,
        is_show_youx: flags.is_show_youx,
        is_can_chat: 1,
        is_AfterSale: flags.is_AfterSale,
        may_buy_ephedrine: flags.may_buy_ephedrine,
        rank: flags.rank,
        scope_ids: flags.scope_ids,
      });

      const operator = await openSocket(`${urlTwo}/api/chat/ws?role=operator`, { cookie: operatorCookie });
      await operator.next('ready');
      const shopper = await openSocket(`${urlOne}/api/chat/ws`, { cookie: buyer.cookie });
      // Process one knows of the operator process two holds.
      expect((await shopper.next('ready')).state?.online).toBe(1);

      shopper.send({ type: 'send', message: { type: 'text', content: '请问今天能发货吗？', client_id: 'x1' } });
      const sent = (await shopper.next('ack')).message;
      const heard = await operator.next('message', (e) => e.message.id === sent.id);
      expect(heard.message.content).toBe('请问今天能发货吗？');
      // Given to the operator connected at the other process.
      expect(heard.conversation?.operator?.name).toBe('刘芳');

      const answer = await serviceHttp.post(`/api/admin/chat/conversations/${sent.conversation_id}/messages`, {
        type: 'text',
        content: '16点前付款当天发货。',
      });
      expect((await shopper.next('message', (e) => e.message.id === answer.body.data.id)).message.content).toBe('16点前付款当天发货。');

      await operator.close();
      expect((await shopper.next('service', (e) => e.online === 0)).online).toBe(0);
      expect((await agent(one.app).get('/api/chat/state')).status).toBe(401);
      await shopper.close();
    } finally {
      await two.close();
      await one.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(postgresUrl)(
    "two server processes on one PostgreSQL database (runs on PostgreSQL: PGlite is one process's own database): a buyer on one and an operator on the other chat both ways",
    { timeout: 240_000 },
    async () => {
      const processes = await serverProcesses(postgresUrl!, 'yct_chat');
      try {
        // The first seeds the database; the second finds it seeded.
        const a = await processes.start({ REDIS_URL });
        const b = await processes.start({ REDIS_URL });
        const buyerLogin = await fetch(`${a}/api/user/login`, {
          method: 'POST',
          headers: XHR,
          body: JSON.stringify({ username: 'demo', password: 'Demo@2026' }),
        });
        const buyerCookie = cookieOf(buyerLogin, 'yct_session');
        const operatorLoginRes = await fetch(`${b}/api/admin/login`, {
          method: 'POST',
          headers: XHR,
          body: JSON.stringify({ username: 'service', password: OPERATOR_PASSWORD }),
        });
        const operatorCookie = cookieOf(operatorLoginRes, 'yct_admin');

        const operator = await openSocket(`${b.replace('http', 'ws')}/api/chat/ws?role=operator`, { cookie: operatorCookie, origin: b });
        await operator.next('ready');
        const buyer = await openSocket(`${a.replace('http', 'ws')}/api/chat/ws`, { cookie: buyerCookie, origin: a });
        const ready = await buyer.next('ready');
        expect(ready.state).toMatchObject({ online: 1, operator: { name: '刘芳' } });

        buyer.send({ type: 'send', message: { type: 'text', content: '我是另一台服务器上的买家', client_id: 'p1' } });
        const sent = (await buyer.next('ack')).message;
        expect((await operator.next('message', (e) => e.message.id === sent.id)).message.sender_name).toBe('杭州仁和大药房有限公司');
        operator.send({
          type: 'send',
          conversation_id: sent.conversation_id,
          message: { type: 'text', content: '收到，我在另一台服务器上。', client_id: 'p2' },
        });
        const reply = (await operator.next('ack')).message;
        expect((await buyer.next('message', (e) => e.message.id === reply.id)).state?.unread).toBeGreaterThanOrEqual(1);
        await buyer.close();
        await operator.close();
      } finally {
        await processes.stop();
      }
    },
  );
});
