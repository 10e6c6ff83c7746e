import { SUMMARY_PATHS } from '../components/summary/summary-paths';
import { SummaryView } from '../components/summary/summary-view';
import s from './form-summary-pages.module.css';

/** /web/taskCenter/formSummary: the approval centre's summaries, for the forms the user manages. */
export default function FormSummaryPage() {
  return (
    <div className={s.page}>
      <SummaryView detailPath={SUMMARY_PATHS.web.detail} />
    </div>
  );
}
