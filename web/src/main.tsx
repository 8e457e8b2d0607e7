import { errorMessage } from '@agentforge/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initTheme } from './app/theme';
import { FullPageError } from './components/full-page-error';
import { loadRuntimeConfig } from './config/runtime-config';
import { setIdentityConfig } from './features/auth/api/identity-loader';
import './index.css';

initTheme();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

// Load the runtime configuration once, hand it to the identity library (loaded on first use), then
// render the router.
loadRuntimeConfig()
  .then((config) => {
    setIdentityConfig(config);
    root.render(<App />);
  })
  .catch((error: unknown) => {
    root.render(
      <StrictMode>
        <FullPageError
          title="The app could not start"
          message="Its configuration could not be loaded. Please try again later or contact support."
          details={errorMessage(error)}
        />
      </StrictMode>,
    );
  });
