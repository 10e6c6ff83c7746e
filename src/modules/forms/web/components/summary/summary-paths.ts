import formsModule from '@/modules/forms/module';

type RouteName = (typeof formsModule.routes)[number]['name'];
const pathOf = (name: RouteName) => formsModule.routes.find((r) => r.name === name)!.path;

/** Each face's summary and detail pages, from the module manifest (no page types a path by hand). */
export const SUMMARY_PATHS = {
  web: { summary: pathOf('formSummary'), detail: pathOf('formSummaryDetail') },
  cms: { summary: pathOf('formSummaryAdmin'), detail: pathOf('formSummaryAdminDetail') },
} as const;
