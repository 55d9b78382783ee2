/**
 * Build-time render of the login screen (vite.config.ts loads this module through Vite's SSR loader
 * after the client build and puts the markup inside index.html's #root). The same components and
 * providers as the app, so the static screen cannot drift from the live one that replaces it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import LoginPage from '@/features/auth/routes/login-page';

export function renderLogin(): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
