import { startApp } from './app/start-app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
startApp(container);
