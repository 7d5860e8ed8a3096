/**
 * `npm run bench`: runs every benchmark module in turn and prints their figures as one table.
 * Times depend on the machine, so nothing here passes or fails on a number (ARCHITECTURE.md, "Tests
 * and measurements"); a benchmark throws only when its work went wrong (a refused transfer, a
 * failed audit), and then the run exits non-zero. Every benchmark is bounded and the process
 * exits when the last one is done.
 *
 * To add a benchmark, write a module that exports a `BenchmarkModule` and append it to
 * BENCHMARKS. `npm run bench -- ledger` runs only the modules whose name contains "ledger".
 */
import { bookBenchmark } from './book';
import { clusterBenchmark } from './cluster';
import { futuresBenchmark } from './futures';
import { futuresCreateBenchmark } from './futures-create';
import { ledgerBenchmark } from './ledger';
import { ordersBenchmark } from './orders';
import { pwaBenchmark } from './pwa';
import { retentionBenchmark } from './retention';
import { tradingBenchmark } from './trading';
import { webBenchmark } from './web';

export interface BenchmarkRow {
  metric: string;
  value: number | string;
  unit: string;
  note?: string;
}

export interface BenchmarkModule {
  name: string;
  run(): Promise<BenchmarkRow[]>;
}

const BENCHMARKS: BenchmarkModule[] = [ledgerBenchmark, bookBenchmark, ordersBenchmark, pwaBenchmark, tradingBenchmark, webBenchmark, futuresBenchmark, futuresCreateBenchmark, retentionBenchmark, clusterBenchmark];

/** Whole numbers as they are, others with a precision that suits their size. */
function formatValue(value: number | string): string {
  if (typeof value === 'string') return value;
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(3);
}

export function renderTable(rows: Array<BenchmarkRow & { benchmark: string }>): string {
  const header = ['benchmark', 'metric', 'value', 'unit', 'note'];
  const cells = rows.map((row) => [row.benchmark, row.metric, formatValue(row.value), row.unit, row.note ?? '']);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => (cell[column] ?? '').length)));
  const line = (cell: string[]) =>
    cell
      .map((text, column) => (column === 2 ? text.padStart(widths[column] ?? 0) : text.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}

async function main(): Promise<number> {
  const filter = process.argv[2];
  const selected = BENCHMARKS.filter((benchmark) => !filter || benchmark.name.includes(filter));
  if (selected.length === 0) {
    console.error(`no benchmark matches "${filter}"; known: ${BENCHMARKS.map((benchmark) => benchmark.name).join(', ')}`);
    return 1;
  }
  const rows: Array<BenchmarkRow & { benchmark: string }> = [];
  let failed = false;
  for (const benchmark of selected) {
    console.log(`running ${benchmark.name} ...`);
    try {
      for (const row of await benchmark.run()) rows.push({ benchmark: benchmark.name, ...row });
    } catch (error) {
      failed = true;
      console.error(`${benchmark.name} failed:`, error);
    }
  }
  console.log(`\n${renderTable(rows)}\n`);
  return failed ? 1 : 0;
}

// Exit explicitly: a benchmark's leftovers (sockets, timers) must not keep the process alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
