import { SUMMARY_PATHS } from '../components/summary/summary-paths';
import { SubmissionDetailView } from '../components/summary/submission-detail-view';
import s from './form-summary-pages.module.css';

/** /web/taskCenter/formSummaryDetail?id=: one submission of a form the user manages. */
export default function FormSummaryDetailPage() {
  return (
    <div className={s.page}>
      <SubmissionDetailView summaryPath={SUMMARY_PATHS.web.summary} />
    </div>
  );
}
