import { SUMMARY_PATHS } from '@/modules/forms/web/components/summary/summary-paths';
import { SubmissionDetailView } from '@/modules/forms/web/components/summary/submission-detail-view';

/** /cms/workflow/summaryDetail?id=: one submission, for administrators. */
export default function SummaryDetailPage() {
  return <SubmissionDetailView summaryPath={SUMMARY_PATHS.cms.summary} />;
}
