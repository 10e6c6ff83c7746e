// The phone branch's modules with only their /mobile routes (pwa/branch-modules.ts).
declare module 'virtual:branch-modules/mobile' {
  const modules: readonly import('@/shared/module').ModuleManifest[];
  export default modules;
}
