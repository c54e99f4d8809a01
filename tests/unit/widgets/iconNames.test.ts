import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { iconNames } from '../../../src/widgets/Icon';

const root = path.resolve(__dirname, '../../..');

/** every `"icon": "…"` value anywhere in a JSON tree */
function iconsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => iconsIn(v, found));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'icon' && typeof v === 'string') found.push(v);
      else iconsIn(v, found);
    }
  return found;
}

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? jsonFiles(p) : e.name.endsWith('.json') ? [p] : [];
  });
}

describe('icons named by screens and menus', () => {
  it('are all drawn: a dashboard tile or a menu entry never shows a bare dot for an unknown icon name', () => {
    const files = [path.join(root, 'routes.json'), ...jsonFiles(path.join(root, 'screens'))];
    const unknown = files.flatMap((f) =>
      iconsIn(JSON.parse(fs.readFileSync(f, 'utf8')))
        .filter((name) => !iconNames.has(name))
        .map((name) => `${path.relative(root, f)}: ${name}`),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(unknown).toEqual([]);
  });
});
