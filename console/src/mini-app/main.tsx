import { createRoot } from 'react-dom/client';
import 'leaflet/dist/leaflet.css';
import './mini-app.css';
import { MiniApp } from './mini-app.js';
import { startTelegram } from './telegram.js';

const launch = startTelegram();
createRoot(document.getElementById('root')!).render(
  launch ? (
    <MiniApp launch={launch} />
  ) : (
    // Opened outside Telegram: there is no signed user to search for, and no language to say it in but the page's.
    <main className="full-screen">
      <p role="alert">Open this map from the bot in Telegram.</p>
    </main>
  ),
);
