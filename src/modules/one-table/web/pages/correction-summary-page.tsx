import { SummaryView } from '../components/summary-view';

/** /web/taskCenter/taskErrorCorrectionSummary: my department's corrections in numbers. */
export default function CorrectionSummaryPage() {
  return <SummaryView />;
}
