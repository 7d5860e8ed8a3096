/**
 * `npm run dev`: the server (tsx watch, restarts on change) and the Vite dev server (hot module
 * replacement) side by side. Vite serves the app on :5173 and proxies /api and /socket.io to
 * the server on PORT (8080), which serves no web app of its own here (WEB_ROOT is empty).
 * Signals go to both; when either stops, the other is stopped and dev exits with its code.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const serverPort = process.env.PORT ?? '8080';
const webPort = 5173;
const STOP_GRACE_MS = 10_000;

/** The JavaScript entry of a package's command, run with this node: no shell, any platform. */
function commandEntry(packageName) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', packageName, 'package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[packageName];
  return path.join(root, 'node_modules', packageName, bin);
}

function start(name, packageName, args, env, { stdin, detached }) {
  const child = spawn(process.execPath, [commandEntry(packageName), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: [stdin, 'inherit', 'inherit'],
    detached,
  });
  child.name = name;
  return child;
}

const children = [
  // In its own process group: a Ctrl-C reaches it once, through us. tsx watch takes a second
  // signal as "kill now", which would cut the server's graceful shutdown short.
  start('server', 'tsx', ['watch', '--clear-screen=false', 'server/main.ts'], { PORT: serverPort, WEB_ROOT: '' }, { stdin: 'ignore', detached: true }),
  // Vite stays in the terminal's group to keep its keys (r restarts, o opens, q quits).
  start('web', 'vite', ['--port', String(webPort), '--strictPort'], { PORT: serverPort }, { stdin: 'inherit', detached: false }),
];

console.info(`\nDevelopment: open http://localhost:${webPort} (Vite, hot reload); the API server listens on :${serverPort}.\n`);

let stopping = false;

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
  setTimeout(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, STOP_GRACE_MS).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal));

let exitCode = 0;
let running = children.length;
for (const child of children) {
  child.on('exit', (code, signal) => {
    running -= 1;
    if (!stopping) {
      console.info(`\n[dev] ${child.name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      exitCode = code ?? 1;
      stopAll('SIGTERM');
    }
    if (running === 0) process.exit(exitCode);
  });
}
