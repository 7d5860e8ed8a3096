/**
 * A server of their own for the end-to-end tests that change what the suite's server cannot: a
 * deploy while tabs are open (build the app with a given BUILD_ID into a folder, then replace the
 * server's web root the way a release replaces dist/, so the old build's files are gone from the
 * server) and an outage (the server stopped and started again on the same port).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../helpers/freePort';
import { stopChild } from '../../helpers/stopChild';

const run = promisify(execFile);
const SERVER_START_TIMEOUT_MS = 60_000;

/** Builds the app as `npm run build` does, with the given build id, into `outDir`. */
export async function buildApp(buildId: string, outDir: string): Promise<void> {
  await run(path.join('node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, BUILD_ID: buildId },
  });
}

/**
 * The files of a build under assets/, as the paths a browser asks for: not the brotli and gzip
 * twins of the build's precompression, which the server sends under their file's own path.
 */
export function assetPaths(buildDir: string): string[] {
  return fs
    .readdirSync(path.join(buildDir, 'assets'))
    .filter((fileName) => !/\.(br|gz)$/.test(fileName))
    .map((fileName) => `/assets/${fileName}`);
}

/** The entry script a build's index.html loads. */
export function entryScriptPath(buildDir: string): string {
  const html = fs.readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  const match = /<script type="module"[^>]*src="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`${buildDir}/index.html loads no module script`);
  return match[1];
}

/** Replaces everything in `webRoot` with the build in `buildDir`. */
export function deploy(buildDir: string, webRoot: string): void {
  fs.mkdirSync(webRoot, { recursive: true });
  for (const entry of fs.readdirSync(webRoot)) fs.rmSync(path.join(webRoot, entry), { recursive: true, force: true });
  fs.cpSync(buildDir, webRoot, { recursive: true });
}

async function waitUntilUp(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The deployment server exited with code ${child.exitCode}`);
    const answered = await fetch(`${baseURL}/api/v1/config`).then((response) => response.ok, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The deployment server did not answer within ${SERVER_START_TIMEOUT_MS} ms`);
}

/**
 * The real server on a fresh database, serving `webRoot` on a port of its own. stop() takes it
 * off the network (the way an outage does, which the browser's offline switch cannot do for a
 * SharedWorker's requests); start() brings it back on the same port with the same database.
 */
export class DeploymentServer {
  private child: ChildProcess | undefined;

  private constructor(
    readonly webRoot: string,
    private readonly port: number,
    private readonly dataDir: string,
  ) {}

  static async start(webRoot: string): Promise<DeploymentServer> {
    const server = new DeploymentServer(webRoot, await freePort(), fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-e2e-deploy-data-')));
    await server.start();
    return server;
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const env = { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, WEB_ROOT: this.webRoot, LOG_LEVEL: 'warn', DEMO_MODE: 'on' };
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitUntilUp(this.baseURL, this.child);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    await stopChild(child);
  }

  /** Stops the server and removes its database. */
  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
