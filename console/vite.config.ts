import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  css: { postcss: root },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // @tremor/react declares no "sideEffects", so importing one component would bundle every
      // chart and date picker with their dependencies. Its modules only define components.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@tremor[\\/]react[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
