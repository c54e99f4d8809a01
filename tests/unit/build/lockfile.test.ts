import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm ci` on a clean machine refuses a lock file that leaves out any dependency a locked package
// declares — even another platform's optional binary, which this machine's registry mirror may not
// serve and `npm install` then silently drops. Checked here so it fails before CI does.
type Entry = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const lock = JSON.parse(fs.readFileSync(path.resolve('package-lock.json'), 'utf8')) as { packages: Record<string, Entry> };
const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;

// Node's resolution: the nearest node_modules up from the requiring package's folder.
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

describe('package-lock.json is complete for npm ci', () => {
  it('names every dependency of package.json', () => {
    const wanted = ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {}));
    expect(wanted.filter((n) => !lock.packages[`node_modules/${n}`])).toEqual([]);
  });

  it("holds every locked package's dependencies and optional binaries for every platform", () => {
    const missing: string[] = [];
    for (const [at, entry] of Object.entries(lock.packages)) {
      if (!at) continue;
      for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
        if (!resolves(at, name)) missing.push(`${at} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
