import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The PWA is built into dist/client and served by the API server (src/server), which also serves /api and /hub.
export default defineConfig({
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    // `npm run dev` proxies the API to a server started with `npm run dev:server`.
    proxy: { '/api': 'http://localhost:8080', '/hub': 'http://localhost:8080' },
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // We register the worker ourselves with workbox-window (src/app/lib/sw-register.ts): no injected inline script.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map'],
      },
      manifest: {
        id: '/',
        name: 'Vivu – Đặt xe sân bay, đường dài',
        short_name: 'Vivu',
        description: 'Đặt xe sân bay, đường dài liên tỉnh và thuê xe theo giờ trên khắp Việt Nam.',
        lang: 'vi',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        categories: ['travel', 'navigation'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
});
