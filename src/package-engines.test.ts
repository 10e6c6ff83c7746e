import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README promises Node 20.19+ and package.json says so in `engines`: every package the lock
 * file installs must accept that Node, or `npm install` greets a new user with EBADENGINE warnings
 * (content-disposition@3 and cookie@2 wanted Node 22; package.json pins Node 20 versions through
 * `overrides`). Optional packages npm skips on an unsupported Node are left out: npm installs them
 * only where they fit.
 */
const repo = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

interface LockEntry {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(fs.readFileSync(repo('package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(repo('package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

describe('Node engines', () => {
  const minimum = semver.minVersion(pkg.engines.node);

  it('package.json names a real minimum Node', () => {
    expect(minimum?.version).toBe('20.19.0');
  });

  it('every installed package accepts the minimum Node that package.json promises', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && !entry.optional)
      .flatMap(([name, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!range || !minimum) return [];
        return semver.satisfies(minimum, range, { loose: true })
          ? []
          : [`${name.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${range}`];
      });
    expect(refusing).toEqual([]);
  });

  it('the check sees a package that wants a newer Node', () => {
    expect(semver.satisfies('20.19.0', '>=22', { loose: true })).toBe(false);
    expect(semver.satisfies('20.19.0', '^20.19.0 || >=22.12.0', { loose: true })).toBe(true);
  });
});
