import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { describe, expect, it } from 'vitest';
import { layerZones } from '../../../scripts/layers.mjs';
import { projectRoot } from '../../../server/config.js';

const fixture = path.join(projectRoot, 'tests/unit/layering/fixture');

/** Only the layering rule, exactly as eslint.config.js declares it, over a given tree. */
function layeringLint(cwd: string) {
  return new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser as never },
        // comments cannot switch the layering off, and other plugins' directives mean nothing here
        linterOptions: { noInlineConfig: true },
        plugins: { 'import-x': importX as never },
        settings: {
          'import-x/resolver-next': [
            createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
          ],
        },
        rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: cwd }] },
      },
    ],
  });
}

async function violations(cwd: string, patterns: string[]) {
  const results = await layeringLint(cwd).lintFiles(patterns);
  return results
    .flatMap((r) =>
      r.messages
        // the layering rule's findings and files it could not read; not the notes on other plugins' comments
        .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.fatal)
        .map((m) => ({ file: path.relative(cwd, r.filePath), message: m.message })),
    )
    .sort((a, b) => a.file.localeCompare(b.file));
}

describe('the layering of the architecture, enforced by an import rule', () => {
  it('refuses each forbidden import in a small tree that breaks every layer once', async () => {
    const found = await violations(fixture, ['**/*.ts']);
    const byFile = Object.fromEntries(found.map((v) => [v.file, v.message]));
    expect(Object.keys(byFile).sort()).toEqual([
      'server/data/importsDomain.ts',
      'server/importsClient.ts',
      'src/core/importsEngine.ts',
      'src/engine/importsHotel.ts',
      'src/importsServer.ts',
      'src/widgets/fetches.ts',
    ]);
    expect(byFile['src/core/importsEngine.ts']).toMatch(/may import only libraries/);
    expect(byFile['src/engine/importsHotel.ts']).toMatch(/knows nothing about hotels/);
    expect(byFile['src/widgets/fetches.ts']).toMatch(/Widgets never fetch/);
    expect(byFile['server/importsClient.ts']).toMatch(/nothing of the client but src\/core/);
    expect(byFile['server/data/importsDomain.ts']).toMatch(/Generic server layers/);
    expect(byFile['src/importsServer.ts']).toMatch(/never imports server code/);
    // the allowed directions stay allowed: the engine and the server may both use the core
    expect(found.filter((v) => v.message.includes('core/money'))).toEqual([]);
    expect(found.map((v) => v.file)).not.toContain('server/reports/clean.ts');
  });

  it('finds no forbidden import in the project itself', async () => {
    const found = await violations(projectRoot, ['src/**/*.{ts,tsx}', 'server/**/*.ts']);
    expect(found).toEqual([]);
  }, 60_000);
});
