// dynalite in a worker thread of its own, so LevelDB and dynalite's request handling run beside
// the API's event loop instead of on it (see startLocalDynamo). Plain JavaScript: a worker does
// not inherit the TypeScript loader of every host that starts the stack (tsx, vitest).
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';

const server = dynalite({ path: workerData.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.once('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen(workerData.port, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message === 'stop') server.close(() => parentPort.postMessage({ stopped: true }));
});
