import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import svgr from 'vite-plugin-svgr';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * sonner injects its stylesheet as an inline <style>, which the Content-Security-Policy
 * (style-src 'self') refuses; the console imports sonner/dist/styles.css into its own stylesheet
 * instead, and the build drops the injection. Fails the build if sonner changes how it does it.
 */
function sonnerStylesFromStylesheet(): Plugin {
  return {
    name: 'sonner-styles-from-stylesheet',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const withoutInjection = code.replace(/^__insertCSS\(".*"\);$/m, '');
      if (withoutInjection === code) throw new Error('sonner no longer injects its styles with __insertCSS: update sonnerStylesFromStylesheet');
      return { code: withoutInjection, map: null };
    },
  };
}

/** Where the build keeps its source maps: beside console/dist, which is served, never inside it. */
const SOURCE_MAPS_DIR = path.join(root, 'sourcemaps');

/**
 * Source maps would hand the console's source to anyone; they are built "hidden" (no sourceMappingURL in
 * the scripts) and moved out of the served folder, for whoever reads a production stack trace.
 */
function sourceMapsOutsideDist(): Plugin {
  return {
    name: 'source-maps-outside-dist',
    apply: 'build',
    buildStart() {
      rmSync(SOURCE_MAPS_DIR, { recursive: true, force: true });
    },
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle).filter((name) => name.endsWith('.map'))) {
        const target = path.join(SOURCE_MAPS_DIR, file);
        mkdirSync(path.dirname(target), { recursive: true });
        renameSync(path.join(options.dir!, file), target);
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    // Remix Icon's SVG files as components, 24 px as @remixicon/react drew them unless a class sizes them
    // (console/src/components/icon.ts says why one module per icon).
    svgr({ svgrOptions: { svgProps: { width: '24', height: '24' } } }),
    sonnerStylesFromStylesheet(),
    sourceMapsOutsideDist(),
  ],
  css: { postcss: root },
  // console/src imports the shared contract as @contract/… (console/tsconfig.json names the same folder).
  resolve: { alias: { '@contract': path.join(root, '../api/contract') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // The largest chunk (about 1.4 MB, 320 kB gzip) is data more than code: opening_hours, with its holiday
    // tables for every country and its words in many languages (api/contract/opening-hours.ts checks a
    // contact's hours with it), and libphonenumber's metadata of every country. Neither splits by country.
    // The sign-in page does not load it (console/dist/index.html preloads only zod and the session tokens);
    // it comes with the app shell after sign-in and is cached (immutable). Vite's 500 kB warning said only that.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The console, and the Mini App Telegram opens (api/plugins/mini-app-page.ts serves it at /app/): a page of its
      // own whose bundle holds only what it imports (docs/architecture.md "The Mini App").
      input: { console: path.join(root, 'index.html'), 'mini-app': path.join(root, 'mini-app.html') },
      // @tremor/react declares no "sideEffects", so importing one component would bundle every
      // chart and date picker with their dependencies. Its modules only define components.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@tremor[\\/]react[\\/]/, sideEffects: false }] },
      // lib/zod-without-eval.ts must run before any schema is built, and schemas are built as the
      // chunk holding them loads: sharing zod's chunk runs the setting right after zod itself.
      output: { codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-without-eval\.ts$/ }] } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
