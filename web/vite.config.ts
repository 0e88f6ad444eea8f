import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Writes a brotli and a gzip copy beside every text asset of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): compressed once at build time, not per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'yct-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt)$/.test(file) || fs.statSync(file).size < 1024) continue;
        const body = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The app starts after the page's first paint: the page HTML already shows the top of the header
 * (server/modules/content/page.ts), and the browser paints it and fetches its banner before the
 * JavaScript is fetched and run, instead of all of it competing at once.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'yct-start-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) return html;
        // The chunks the entry imports are asked for together with it, as the modulepreload links did.
        const chunks = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
        const loader = `<script>requestAnimationFrame(function(){setTimeout(function(){var d=document,h=d.head;${JSON.stringify(chunks)}.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};h.appendChild(s)})})</script>`;
        return html
          .replace(entry[0], '')
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
          .replace('</body>', `${loader}</body>`);
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress(), startAfterFirstPaint()],
  resolve: {
    alias: {
      '@': path.join(webRoot, 'src'),
      '@core': path.join(webRoot, '..', 'core'),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/uploads': { target: apiTarget, changeOrigin: false },
      '/wechat/sandbox': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, its scheduler and the router change together and rarely: one long-cached chunk.
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            // Only the antd parts the shell needs on every page; the rest (Table, Form, pickers...)
            // stays with the lazy routes that use them so the home page does not pay for it.
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@babel[\\/]runtime|classnames|clsx|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|json2mtop|stylis|@emotion)[\\/]/,
              tags: ['$initial'],
              priority: 20,
            },
            {
              name: 'vendor-lib',
              test: /node_modules[\\/](@tanstack|zustand|dayjs|qs|qrcode\.react|side-channel|object-inspect|es-errors|call-bound|get-intrinsic)[\\/]/,
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
