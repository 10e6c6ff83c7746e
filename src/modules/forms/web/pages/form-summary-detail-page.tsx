import { SUMMARY_PATHS } from '../components/summary/summary-paths';
import { SubmissionDetailView } from '../components/summary/submission-detail-view';

/** /web/taskCenter/formSummaryDetail?id=: one submission of a form the user manages. */
export default function FormSummaryDetailPage() {
  return <SubmissionDetailView summaryPath={SUMMARY_PATHS.web.summary} />;
}
