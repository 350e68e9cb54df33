// The app's layers and the features' public faces are lint rules (eslint.config.js): this runs ESLint on
// code placed at real paths inside src/app and checks that each broken rule fails and that the allowed way passes.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('app layers and feature faces (lint)', { timeout: 60_000 }, () => {
  test('a lib file importing a feature fails', async () => {
    const code = "import { placeQueries } from '../features/places';\nexport const probe = placeQueries;\n";
    expect(await ruleIds(code, 'src/app/lib/architecture-probe.ts')).toContain('import-x/no-restricted-paths');
  });

  test('a component importing a feature fails', async () => {
    const code = "import { placeQueries } from '../../features/places';\nexport const probe = placeQueries;\n";
    expect(await ruleIds(code, 'src/app/components/ui/architecture-probe.ts')).toContain('import-x/no-restricted-paths');
  });

  test("a feature importing another feature's internal file fails", async () => {
    const code = "import { placeQueries } from '../places/api';\nexport const probe = placeQueries;\n";
    expect(await ruleIds(code, 'src/app/features/offline/architecture-probe.ts')).toContain('import-x/no-restricted-paths');
  });

  test('a feature importing another feature through its public face passes', async () => {
    const code = "import { placeQueries } from '../places';\nexport const probe = placeQueries;\n";
    expect(await ruleIds(code, 'src/app/features/offline/architecture-probe.ts')).toEqual([]);
  });
});
