import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Text inputs strip emoji (spec section 5) through ONE behaviour on both kits: the wrappers in
 * src/core/ui (text-input.tsx for antd, mobile-text-input.tsx for antd-mobile). A page that
 * renders a kit's own text input skips it; this test names every such place.
 */
const SRC = path.resolve(__dirname, '..');
const WRAPPERS = ['core/ui/text-input.tsx', 'core/ui/mobile-text-input.tsx'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [p] : [];
  });
}

const importedFrom = (text: string, pkg: string): string[] =>
  [...text.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g'))].flatMap((m) =>
    m[1]!.split(',').map(
      (n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
    ),
  );

/** Where a file renders a kit's own text input, as "file: <Tag". */
export function plainTextInputs(file: string, text: string): string[] {
  const found: string[] = [];
  const desktop = importedFrom(text, 'antd');
  if (desktop.includes('Input'))
    for (const m of text.matchAll(/<Input(\.(TextArea|Search|Password))?(?=[\s/>])/g)) found.push(`${file}: ${m[0]}`);
  const mobile = importedFrom(text, 'antd-mobile');
  for (const tag of ['Input', 'TextArea', 'SearchBar'])
    if (mobile.includes(tag) && new RegExp(`<${tag}[\\s/>]`).test(text)) found.push(`${file}: <${tag} (antd-mobile)`);
  return found;
}

describe('emoji-free text inputs on both kits', () => {
  it('no page renders antd Input/TextArea/Search/Password or antd-mobile Input/TextArea/SearchBar directly', () => {
    const found = sources(SRC)
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .filter((f) => !WRAPPERS.includes(f))
      .flatMap((f) => plainTextInputs(f, fs.readFileSync(path.join(SRC, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('recognises a plain input of either kit, and not the wrappers', () => {
    expect(plainTextInputs('a.tsx', "import { Form, Input } from 'antd';\n<Input.TextArea rows={2} />")).toEqual([
      'a.tsx: <Input.TextArea',
    ]);
    expect(plainTextInputs('b.tsx', "import { Input } from 'antd-mobile';\n<Input placeholder='x' />")).toEqual([
      'b.tsx: <Input (antd-mobile)',
    ]);
    expect(
      plainTextInputs('c.tsx', "import { TextInput } from '@/core/ui/text-input';\n<TextInput /><InputNumber />"),
    ).toEqual([]);
  });
});
