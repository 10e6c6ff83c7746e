import { describe, expect, it } from 'vitest';
import { slowestFilesReport, type FileTime } from './slowest-files-reporter';

const file = (name: string, loadMs: number, testsMs: number, project = 'sqlite'): FileTime => ({
  project,
  file: `src/${name}.test.ts`,
  loadMs,
  testsMs,
});

describe('the slowest test files, printed after a unit run', () => {
  it('lists the ten costliest files, costliest first, with load and test time', () => {
    const times = Array.from({ length: 14 }, (_, i) => file(`f${i}`, 100 * i, 1000 * i));
    times.push(file('f13', 50, 20_000, 'postgres'));
    const lines = slowestFilesReport(times);
    expect(lines[0]).toBe('Slowest 10 test files (of 15; time in one worker, load + tests):');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^\s+20\.1 s {2}postgres src\/f13\.test\.ts\s+\(load 0\.1 s, tests 20\.0 s\)$/);
    expect(lines[2]).toMatch(/14\.3 s {2}sqlite src\/f13\.test\.ts\s+\(load 1\.3 s, tests 13\.0 s\)$/);
    expect(lines.at(-1)).toContain('sqlite src/f5.test.ts');
    expect(lines.join('\n')).not.toContain('src/f4.test.ts');
  });

  it('prints fewer lines for a short run and nothing for an empty one', () => {
    expect(slowestFilesReport([file('a', 1, 2), file('b', 3, 4)])).toHaveLength(3);
    expect(slowestFilesReport([])).toEqual([]);
  });
});
