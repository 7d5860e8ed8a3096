/**
 * Proves that `npm run lint` fails on an import across the architecture's boundaries and on an
 * import cycle (eslint.config.js, ARCHITECTURE.md): a file placed in each guarded folder that
 * imports what it may not is reported, and the same file importing what it may is not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId?.startsWith('import-x/')).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import boundaries', () => {
  it.each([
    ['engine -> http', 'server/engine/boundary-probe.ts', "import { registerCall } from '../http/route';\nexport const probe = registerCall;\n"],
    ['ledger -> engine', 'server/ledger/boundary-probe.ts', "import { Engine } from '../engine/engine';\nexport const probe = Engine;\n"],
    ['realtime -> modules', 'server/realtime/boundary-probe.ts', "import { mayWatchChat } from '../modules/helpdesk/service';\nexport const probe = mayWatchChat;\n"],
    ["an area -> another's repo", 'server/modules/home/boundary-probe.ts', "import { findUserById } from '../account/repo';\nexport const probe = findUserById;\n"],
    ['a feature -> another feature', 'src/app/features/home/boundary-probe.ts', "import { CONTENT_PAGE_SIZE } from '../content/useListing';\nexport const probe = CONTENT_PAGE_SIZE;\n"],
    ['shared -> app', 'src/shared/boundary-probe.ts', "import { api } from '../app/api/client';\nexport const probe = api;\n"],
    ['ui kit -> a feature', 'src/app/ui/boundary-probe.ts', "import { useHome } from '../features/home/useHome';\nexport const probe = useHome;\n"],
  ])('refuses %s', async (_label, filePath, code) => {
    const errors = await boundaryErrors(filePath, code);
    expect(errors.some((error) => error.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('lets a layer import what is below it', async () => {
    expect(await boundaryErrors('server/engine/boundary-probe.ts', "import { refuse } from '../core/errors';\nexport const probe = refuse;\n")).toEqual([]);
    expect(await boundaryErrors('server/modules/home/boundary-probe.ts', "import { referralCodeOf } from '../account/service';\nexport const probe = referralCodeOf;\n")).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // core/errors.ts is imported by core/amounts.ts: a core/errors that imported core/amounts would close a cycle.
    const errors = await boundaryErrors('server/core/errors.ts', "import { parsePositiveUnits } from './amounts';\nexport const probe = parsePositiveUnits;\nexport function refuse(): never { throw new Error(); }\n");
    expect(errors.some((error) => error.startsWith('import-x/no-cycle'))).toBe(true);
  });
});
