import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of DESIGN §2 as the linter enforces them: each case is a file as a developer
// might write it, linted with the project's own config at a path inside the tree.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const PAGE = 'src/modules/workflow/web/pages/new-page.tsx';
const SERVER = 'src/modules/workflow/server/new-service.ts';

describe('module boundaries (eslint.config.js)', () => {
  it('refuses a module page that imports another module’s internal component', async () => {
    const errors = await lint(
      PAGE,
      "import { FormRenderer } from '@/modules/forms/web/components/form-renderer';\nexport const R = FormRenderer;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*public faces/)]);
  });

  it('refuses a relative climb into another module', async () => {
    const errors = await lint(PAGE, "import { listForms } from '../../../forms/api';\nexport const f = listForms;\n");
    expect(errors).toEqual([expect.stringMatching(/^boundaries\/no-relative-escape: .*leaves module "workflow"/)]);
  });

  it('refuses core importing a module, by alias or relatively', async () => {
    expect(
      await lint(
        'src/core/ui/new-widget.ts',
        "import { getUrls } from '@/modules/auth/api';\nexport const g = getUrls;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*never import modules/)]);
    expect(
      await lint(
        'src/server/plugins/new-plugin.ts',
        "import { x } from '../../modules/forms/server';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringMatching(/^boundaries\/no-relative-escape: .*reaches into src\/modules/)]);
  });

  it('refuses client code importing server code, its own module’s or another’s', async () => {
    expect(await lint(PAGE, "import { approve } from '../../server/engine';\nexport const a = approve;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*client code must not import server code/),
    ]);
    expect(
      await lint(
        PAGE,
        "import { readForm } from '@/modules/forms/server/commands/read-form';\nexport const r = readForm;\n",
      ),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^no-restricted-imports: /)]));
  });

  it('refuses a server reaching into another module’s service instead of its commands', async () => {
    const errors = await lint(
      SERVER,
      "import { saveForm } from '@/modules/forms/server/service';\nexport const s = saveForm;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*server\/commands/)]);
  });

  it('refuses an import that closes a cycle between modules', async () => {
    // The workflow depends on forms (its commands and renderers): forms importing workflow closes the circle.
    const errors = await lint(
      'src/modules/forms/web/components/new-link.ts',
      "import { startInstance } from '@/modules/workflow/api';\nexport const s = startInstance;\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^boundaries\/no-module-cycles: module "forms" imports "workflow", which already depends on "forms"/,
      ),
    ]);
  });

  it('lets modules meet through their public faces', async () => {
    expect(
      await lint(
        PAGE,
        [
          "import { FormRenderer } from '@/modules/forms/ui-web';",
          "import { serverFieldErrors } from '@/modules/forms/ui';",
          "import { listForms } from '@/modules/forms/api';",
          "import type { FormListItem } from '@/modules/forms/contract';",
          "import { taskLink } from '../../contract';",
          'export const all = [FormRenderer, serverFieldErrors, listForms, taskLink];',
          'export type F = FormListItem;',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await lint(
        SERVER,
        [
          "import { readForm } from '@/modules/forms/server/commands/read-form';",
          "import { sendMessage } from '@/modules/messages/server/commands/send-message';",
          "import { formsServer } from '@/modules/forms/server';",
          'export const all = [readForm, sendMessage, formsServer];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
