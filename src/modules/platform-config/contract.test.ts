import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isGroupName, MENU_ICON_NAMES } from './contract';

describe('platform-config contract', () => {
  it('offers exactly the menu icons the sider can draw (src/app/layouts/menu-icon.tsx)', () => {
    const source = fs.readFileSync(path.join(process.cwd(), 'src/app/layouts/menu-icon.tsx'), 'utf8');
    const block = /const ICONS[^=]*=\s*\{([^}]*)\}/.exec(source)?.[1];
    expect(block).toBeTruthy();
    const drawn = block!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .sort();
    expect([...MENU_ICON_NAMES].sort()).toEqual(drawn);
  });

  it("offers every icon a module's menu route names, so a seeded menu can be saved again", async () => {
    const { moduleCatalog } = await import('@/server/module-catalog');
    const used = (await moduleCatalog()).routes.flatMap((r) => (r.menu && r.icon ? [r.icon] : []));
    expect(used.filter((icon) => !(MENU_ICON_NAMES as readonly string[]).includes(icon))).toEqual([]);
  });

  it("knows group nodes by their 'module:' or 'group:' name", () => {
    expect(isGroupName('module:home')).toBe(true);
    expect(isGroupName('group:x')).toBe(true);
    expect(isGroupName('webHomeIndex')).toBe(false);
  });
});
