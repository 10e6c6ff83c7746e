import { SUMMARY_PATHS } from '../components/summary/summary-paths';
import { SummaryView } from '../components/summary/summary-view';

/** /web/taskCenter/formSummary: the approval centre's summaries, for the forms the user manages. */
export default function FormSummaryPage() {
  return <SummaryView detailPath={SUMMARY_PATHS.web.detail} />;
}
