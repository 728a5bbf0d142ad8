// Vite build of the console: plain esbuild JSX (no React plugin, which needs install scripts), output in dist/.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The CSP forbids inline scripts; Vite's modulepreload polyfill would be one.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      // React Server Components' "use client" markers mean nothing in a browser-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
