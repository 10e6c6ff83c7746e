import path from 'node:path';

/**
 * A relative import must not leave its module (src/modules/<m>/) nor climb from core, server,
 * shared or the app into src/modules: crossing a boundary is spelled `@/modules/<other>/<face>`,
 * where the boundary rules can see it (DESIGN §2).
 */
/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid relative imports that leave their module or reach into src/modules' },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      escape:
        'relative import "{{source}}" leaves module "{{own}}": import another module through "@/modules/<name>/<public face>" (DESIGN §2)',
      intoModules:
        'relative import "{{source}}" reaches into src/modules: core, server and shared never import modules (DESIGN §2)',
    },
  },
  create(context) {
    const src = path.resolve(context.options[0]?.srcRoot ?? path.join(context.cwd, 'src'));
    const modules = path.join(src, 'modules');
    const file = path.resolve(context.filename);
    const inModules = path.relative(modules, file);
    const own = !inModules.startsWith('..') && inModules.includes(path.sep) ? inModules.split(path.sep)[0] : null;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const rel = path.relative(modules, target);
      const intoModules = !rel.startsWith('..') && !path.isAbsolute(rel);
      if (own) {
        if (!intoModules || rel.split(path.sep)[0] !== own)
          context.report({ node, messageId: 'escape', data: { source, own } });
      } else if (intoModules) context.report({ node, messageId: 'intoModules', data: { source } });
    };
    return {
      ImportDeclaration: (n) => check(n.source, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value),
      ExportAllDeclaration: (n) => check(n.source, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n.source, n.source.value),
    };
  },
};
