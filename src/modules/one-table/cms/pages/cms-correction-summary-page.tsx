import { SummaryView } from '../../web/components/summary-view';

/** /cms/plugIn/oneTableCorrectionSummary: every department's corrections (administrators). */
export default function CmsCorrectionSummaryPage() {
  return <SummaryView />;
}
