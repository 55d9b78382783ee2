// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot reload,
// which proxies /api and /uploads to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@portal/api'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('data'), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
