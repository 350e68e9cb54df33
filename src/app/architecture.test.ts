// The app's layers and the features' public faces are lint rules (eslint.config.js): this runs ESLint on
// code placed at real paths inside src/app and checks that each broken rule fails and that the allowed way passes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
// A feature folder of two files that import each other, made for the cycle test and removed after it.
const cycleDir = join(root, 'src/app/features/architecture-test-cycle');

async function ruleIds(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

beforeAll(() => {
  mkdirSync(cycleDir, { recursive: true });
  writeFileSync(join(cycleDir, 'first.ts'), "import { second } from './second';\nexport const first = () => second();\n");
  writeFileSync(join(cycleDir, 'second.ts'), "import { first } from './first';\nexport const second = () => first();\n");
});

afterAll(() => {
  rmSync(cycleDir, { recursive: true, force: true });
});

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

  test('an import cycle fails', async () => {
    const [result] = await eslint.lintFiles([join(cycleDir, 'first.ts')]);
    expect((result?.messages ?? []).map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  test('a feature importing another feature through its public face passes', async () => {
    const code = "import { placeQueries } from '../places';\nexport const probe = placeQueries;\n";
    expect(await ruleIds(code, 'src/app/features/offline/architecture-probe.ts')).toEqual([]);
  });
});
