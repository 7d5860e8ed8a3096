/**
 * The real server (server/main.ts) as its own process on a free port, with a temporary data folder
 * (demo data, market-maker robots on so that quotes move), serving a built web app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/freePort';
import { stopChild } from '../../helpers/stopChild';
import { sleep } from './numbers';

const SERVER_START_TIMEOUT_MS = 90_000;
/** The server's own shutdown forces an exit after 10 s; this is the bound above that. */
const SERVER_STOP_TIMEOUT_MS = 15_000;

export interface BenchServerOptions {
  /** The benchmark's name, in the temporary folder's name. */
  name: string;
  /** The built web app the server serves (WEB_ROOT). */
  webRoot: string;
  /** More settings, such as E2E_REQUEST_LOG. */
  env?: Record<string, string>;
}

export class BenchServer {
  private child: ChildProcess | undefined;
  private stderrTail = '';

  private constructor(
    private readonly port: number,
    private readonly dataDir: string,
    private readonly options: BenchServerOptions,
  ) {}

  static async start(options: BenchServerOptions): Promise<BenchServer> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `exchange-bench-${options.name}-data-`));
    const server = new BenchServer(await freePort(), dataDir, options);
    try {
      await server.launch();
    } catch (error) {
      await server.dispose();
      throw error;
    }
    return server;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private async launch(): Promise<void> {
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      WEB_ROOT: this.options.webRoot,
      LOG_LEVEL: 'warn',
      ROBOTS: 'on',
      ...this.options.env,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    // Keep only the end of the server's error output, for the message should it fail to start.
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-2_000);
    });
    const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${this.stderrTail}`);
      const answered = await fetch(`${this.baseUrl}/api/v1/config`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return;
      await sleep(250);
    }
    throw new Error(`the server did not answer within ${SERVER_START_TIMEOUT_MS} ms: ${this.stderrTail}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    await stopChild(child, SERVER_STOP_TIMEOUT_MS);
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
