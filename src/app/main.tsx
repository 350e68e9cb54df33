import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { langFromPath } from '../shared/domain/route-table';
import { applyLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/sw-register';
import { Providers } from './providers';
import { createAppRouter } from './router';
import './styles.css';

applyLanguage(langFromPath(window.location.pathname));
const queryClient = createQueryClient();
const router = createAppRouter();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

window.addEventListener('load', () => void registerServiceWorker());
