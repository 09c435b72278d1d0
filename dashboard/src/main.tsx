// The dashboard's entry: the languages, the query cache, the stylesheet and the app, mounted on #root.
import './i18n/i18n.ts';
import { StrictMode } from 'react';
import { useTranslation } from 'react-i18next';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './trpc.ts';
import { App } from './app.tsx';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/forms.css';
import './styles/feedback.css';
import './styles/tables.css';

/** The app anew in the language chosen: every date, amount and word re-rendered, the query cache kept. */
function InLanguage() {
  const { i18n } = useTranslation();
  return <App key={i18n.language} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <InLanguage />
    </QueryClientProvider>
  </StrictMode>,
);
