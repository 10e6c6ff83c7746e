/** Back-office paths of the form pages (module.ts names them), so no page types a URL by hand. */
export const MANAGE_PATH = '/cms/workflow/formManage';
export const designPath = (id: number) => `/cms/workflow/formDesign?id=${id}`;
export const previewPath = (id: number, version?: number) =>
  `/cms/workflow/preview?id=${id}${version ? `&version=${version}` : ''}`;
