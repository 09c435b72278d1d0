// Vite's configuration of the dashboard: the production build (bin/build-dashboard.ts) and `npm run dev:dashboard`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = `http://localhost:${process.env.PORT ?? 3000}`;
const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The Content-Security-Policy allows only this site's files: no asset may become a data: URL or inline code.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // Two pages: the dashboard, and the GraphQL explorer's document that its page frames (GraphiQL and Monaco are
    // megabytes; the dashboard's own pages never load them).
    rollupOptions: { input: { dashboard: page('index.html'), graphiql: page('src/explorer/graphiql.html') } },
  },
  // Monaco's workers (src/explorer/monaco-workers.ts) are modules of their own, files of this site.
  worker: { format: 'es' },
  // The development server answers the pages itself and passes API calls to a running `npm start`.
  server: { port: 5173, strictPort: true, proxy: { '/trpc': api, '/v1': api, '/graphql': api } },
});
