import { startApp } from './app/start-app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
startApp(container);
