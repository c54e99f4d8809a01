import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // Heavy libraries get their own chunks so only the screens that use them pay for them.
        manualChunks(id: string) {
          if (id.includes('node_modules/ag-grid')) return 'grid';
          if (id.includes('node_modules/@rjsf') || id.includes('node_modules/ajv') || id.includes('node_modules/lodash')) return 'forms';
          return undefined;
        },
      },
    },
  },
});
