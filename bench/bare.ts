/**
 * The reference of the API bench: a bare Fastify route serving from memory the JSON text it was given, in a
 * process of its own like the real server (the load generator's work does not share its event loop).
 * `PUT /bare/:key` stores a body; `GET /bare/:key` serves it. Prints its port when it listens.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
const bodies = new Map<string, string>();
app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
app.put('/bare/:key', async (req) => {
  bodies.set((req.params as { key: string }).key, req.body as string);
  return { ok: true };
});
app.get('/bare/:key', async (req, reply) => reply.type('application/json; charset=utf-8').send(bodies.get((req.params as { key: string }).key) ?? '{}'));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : '');
