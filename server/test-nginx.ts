/**
 * deploy/nginx.conf started in front of server processes, as docs/deploy.md sets it up, for the test behind nginx
 * (server/nginx.test.ts) and the soak (bench/soak.ts): the file as it is, but for the upstream addresses, the port
 * and, optionally, the address nginx connects from; in a folder of its own, inside the frame Debian's
 * /etc/nginx/nginx.conf gives a site.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Where Debian's nginx package puts nginx. */
export const NGINX = '/usr/sbin/nginx';

export type Nginx = { base: string; child: ChildProcess; stop: () => Promise<void> };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = (server.address() as net.AddressInfo) ?? { port: 0 };
      server.close(() => resolve(port));
    });
  });

/** deploy/nginx.conf with the two upstreams `upstreams` (host:port), listening on `port`, connecting from `bind`. */
function renderSite(upstreams: [string, string], port: number, bind?: string): string {
  const site = fs.readFileSync(path.join(import.meta.dirname, '../deploy/nginx.conf'), 'utf8');
  const servers = [...site.matchAll(/^\s*server \d+\.\d+\.\d+\.\d+:\d+ [^;]*;$/gm)];
  if (servers.length !== 2) throw new Error(`deploy/nginx.conf names ${servers.length} upstream servers, not the 2 expected`);
  let rendered = site
    .replace(servers[0][0], servers[0][0].replace(/\d+\.\d+\.\d+\.\d+:\d+/, upstreams[0]))
    .replace(servers[1][0], servers[1][0].replace(/\d+\.\d+\.\d+\.\d+:\d+/, upstreams[1]))
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  if (!rendered.includes(`listen 127.0.0.1:${port};`)) throw new Error('deploy/nginx.conf has no `listen 80;` line');
  if (bind) {
    rendered = rendered.replace(/^(\s*)proxy_pass http:\/\/yct;$/m, `$1proxy_pass http://yct;\n$1proxy_bind ${bind};`);
    if (!rendered.includes(`proxy_bind ${bind};`)) throw new Error('deploy/nginx.conf has no `proxy_pass http://yct;` line');
  }
  return rendered;
}

/**
 * Starts nginx with deploy/nginx.conf in front of `upstreams` (host:port) in the folder `dir`, and answers once it
 * answers `/healthz` through to a server process.
 */
export async function startNginx(upstreams: [string, string], dir: string, opts: { bind?: string; workers?: number } = {}): Promise<Nginx> {
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'yct.conf'), renderSite(upstreams, port, opts.bind));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${opts.workers ?? 1};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/yct.conf;
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr!.on('data', (c) => (said += String(c)));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise((r) => child.once('exit', r));
    child.kill('SIGQUIT');
    await ended;
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx ended (${child.exitCode}): ${said}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, child, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`nginx did not answer: ${said}`);
}
