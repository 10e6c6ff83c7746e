import { SUMMARY_PATHS } from '@/modules/forms/web/components/summary/summary-paths';
import { SummaryView } from '@/modules/forms/web/components/summary/summary-view';

/** /cms/workflow/summary: the back office's summaries, every form. */
export default function SummaryPage() {
  return <SummaryView detailPath={SUMMARY_PATHS.cms.detail} />;
}
