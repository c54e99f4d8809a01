import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

/**
 * routes.json as the browser bundles it: the route tree without what only the server reads (each route's
 * operations and standard actions, which make the rights catalogue; 3 kB of gzip off every first load) and without
 * the routes' names, which come with the labels in the reader's language only (5.7 kB more).
 */
function clientRoutes(): Plugin {
  const serverOnly = new Set(['$schema', 'ops', 'actions', 'name']);
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (serverOnly.has(k) ? [] : [[k, strip(v)]])))
        : value;
  return {
    name: 'hotelier-client-routes',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/routes.json')) return null;
      return { code: JSON.stringify(strip(JSON.parse(code))), map: null };
    },
  };
}

export default defineConfig({
  // every asset also as .br and .gz at the highest levels, once at build time: the server sends the
  // pre-compressed file (@fastify/static preCompressed) instead of compressing on each request
  plugins: [
    clientRoutes(),
    react(),
    compression({
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
      threshold: 1024,
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
});
