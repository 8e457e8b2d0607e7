import { errorMessage } from '@agentforge/shared';
import { Amplify } from 'aws-amplify';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initTheme } from './app/theme';
import { FullPageError } from './components/full-page-error';
import { buildAmplifyConfig } from './config/amplify-config';
import { loadRuntimeConfig } from './config/runtime-config';
import './index.css';

initTheme();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

// Load the runtime configuration once, configure Amplify once with it, then render the router.
loadRuntimeConfig()
  .then((config) => {
    Amplify.configure(buildAmplifyConfig(config, window.location.origin));
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
