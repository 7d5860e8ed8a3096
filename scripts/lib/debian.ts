/**
 * Installing a Debian package a script needs (Chromium for the end-to-end suite, redis-server and
 * postgresql for the scale-out tests and `npm run cluster`), the way `npm run test:setup` does:
 * only on a Debian-like system, only as root, saying what it runs. The caller decides what to do
 * when this is not possible (another source, or a message saying what to install).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Runs a command with its output passed through; true when it exited with 0. */
export function runLoud(prefix: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`${prefix}: $ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) console.log(`${prefix}: ${command} could not run: ${result.error.message}`);
  return result.status === 0;
}

/** Where `name` is on PATH (or in /usr/sbin and /usr/bin, which a non-login PATH may lack), else undefined. */
export function findExecutable(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/bin'];
  return folders.filter(Boolean).map((folder) => path.join(folder, name)).find((candidate) => fs.existsSync(candidate));
}

/**
 * `apt-get update` then `apt-get install -y <packages>`; false when this is no Debian-like system,
 * when not root (it says so) or when apt fails. Several agents or test workers may install at the
 * same time: apt waits up to five minutes for another's dpkg lock instead of failing at once.
 */
export function installDebianPackages(prefix: string, packages: string[], purpose: string): boolean {
  if (process.platform !== 'linux' || !fs.existsSync('/usr/bin/apt-get')) return false;
  if (!isRoot()) {
    console.log(`${prefix}: this is a Debian-like system, but installing ${packages.join(' ')} needs root: run \`sudo apt-get install ${packages.join(' ')}\`.`);
    return false;
  }
  console.log(`${prefix}: installing Debian's ${packages.join(' ')} ${purpose}.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const wait = ['-o', 'DPkg::Lock::Timeout=300'];
  return runLoud(prefix, 'apt-get', [...wait, 'update'], env) && runLoud(prefix, 'apt-get', [...wait, 'install', '-y', ...packages], env);
}

/** `name` from PATH, else after installing Debian's `packages`; throws "No <name>, ..." with `help` (what to install) when neither works. */
export function findOrInstall(prefix: string, name: string, packages: string[], purpose: string, help: string): string {
  const found = findExecutable(name);
  if (found) return found;
  installDebianPackages(prefix, packages, purpose);
  const installed = findExecutable(name);
  if (installed) return installed;
  throw new Error(`No ${name}, and installing one failed (see above). ${help}`);
}
