/**
 * Precompression of the built web app. Every text file of a build that is worth it gets a brotli
 * (`.br`) and a gzip (`.gz`) twin beside it, made once at build time at the highest levels; the
 * server (`@fastify/static` with `preCompressed`) sends the twin that the browser accepts, with
 * `content-encoding`, so that no request pays for compressing a script again. A phone on a slow
 * network then receives the app's largest script as about 90 KB instead of 290 KB.
 *
 * The Vite plugin runs after every other plugin's last step, so the service worker and the web
 * manifest that vite-plugin-pwa writes at the end are compressed too.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Files that compress: scripts, styles, documents, vector images, data. Images and fonts already are. */
const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** Below this a file fits in a packet or two whatever its encoding: a twin would only add files. */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** A twin that saves less than this share of the file is not worth a second copy on disk. */
const PRECOMPRESS_MAX_RATIO = 0.9;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PrecompressSummary = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

async function listFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function precompressFile(file: string, summary: PrecompressSummary): Promise<void> {
  const content = await fs.readFile(file);
  if (content.length < PRECOMPRESS_MIN_BYTES) return;
  const [brotliContent, gzipContent] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (gzipContent.length > content.length * PRECOMPRESS_MAX_RATIO) return;
  await fs.writeFile(`${file}.gz`, gzipContent);
  summary.gzipBytes += gzipContent.length;
  // Brotli is never worse than gzip in practice; the check keeps the rule true if it ever is.
  if (brotliContent.length <= gzipContent.length) {
    await fs.writeFile(`${file}.br`, brotliContent);
    summary.brotliBytes += brotliContent.length;
  } else {
    summary.brotliBytes += gzipContent.length;
  }
  summary.files += 1;
  summary.bytes += content.length;
}

/** Writes the twins of every compressible file under `folder` (twins of an earlier run are replaced). */
export async function precompressFolder(folder: string): Promise<PrecompressSummary> {
  const files = await listFiles(folder);
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const candidates = files.filter((file) => COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()));
  await Promise.all(candidates.map((file) => precompressFile(file, summary)));
  return summary;
}

/** The build step: compresses the finished output folder once every plugin has written its files. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  let log: (message: string) => void = () => {};
  return {
    name: 'exchange:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const summary = await precompressFolder(outDir);
        const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
        log(
          `precompressed ${summary.files} files: ${kilobytes(summary.bytes)} -> brotli ${kilobytes(summary.brotliBytes)}, gzip ${kilobytes(summary.gzipBytes)}`,
        );
      },
    },
  };
}
