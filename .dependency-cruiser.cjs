/**
 * Imports point down: each module below may import only modules of the layers under its own, never one beside it or
 * above it, and no file may reach itself through its imports. `npm run lint` runs it (docs/architecture.md).
 */
const layers = [
  ['lib/core', 'lib/demo'],
  ['lib/config'],
  ['lib/db', 'lib/metrics'],
  ['lib/http', 'lib/limits', 'lib/photos'],
  ['lib/server'],
  ['lib/places'],
  ['lib/reviews'],
  ['lib/owners'],
  ['lib/roads'],
  ['lib/identity'],
  ['lib/identity-client'],
  ['lib/auth', 'lib/geo'],
  ['lib/gazetteer'],
  ['lib/explorer'],
  ['lib/places-client'],
  ['lib/trips'],
  ['lib/map'],
  ['lib/offline'],
  ['lib/app'],
  ['components'],
  ['app'],
];

const escape = (module) => module.replace(/[/.-]/g, (c) => `\\${c}`);
const pattern = (modules) => `^(${modules.map(escape).join('|')})/`;

const layerRules = layers.flatMap((modules, index) =>
  modules.map((module) => {
    const notAllowed = [...layers.slice(index + 1).flat(), ...modules.filter((other) => other !== module)];
    return {
      name: `layer:${module}`,
      comment: `${module} may import only what lies under it: ${layers.slice(0, index).flat().join(', ') || 'nothing of the project'}.`,
      severity: 'error',
      from: { path: `^${escape(module)}/` },
      to: { path: pattern(notAllowed) },
    };
  }),
);

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'A file that reaches itself through its imports.', severity: 'error', from: {}, to: { circular: true } },
    ...layerRules,
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next)/' },
  },
};
