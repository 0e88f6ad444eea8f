import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
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
