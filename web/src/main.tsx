import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initTheme } from './app/theme';
import { loadRuntimeConfigWith } from './config/runtime-config-ready';
import './index.css';

initTheme();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The runtime configuration (with the schema library that checks it) is loaded on first need: the
// public pages render at once, a signed-in page or the identity library waits for it.
loadRuntimeConfigWith(() => import('./config/runtime-config').then((module) => module.loadRuntimeConfig()));
createRoot(container).render(<App />);
