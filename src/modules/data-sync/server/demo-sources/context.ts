import type { DemoPeople } from './people';
import { EVENT_WEEKS, termDays, type DemoSize, type TermDay } from './term';

/** What every system generator gets: the portal's people, the size and the days with events. */
export interface GenContext {
  people: DemoPeople;
  size: DemoSize;
  /** The term's days from its first Monday, as many weeks as the size asks. */
  days: TermDay[];
  /** The end of the last generated day: "now" for the source systems (loans overdue, projects finished…). */
  asOf: number;
}

export function genContext(people: DemoPeople, size: DemoSize): GenContext {
  const days = termDays(EVENT_WEEKS[size]);
  return { people, size, days, asOf: days[days.length - 1]!.start + 86_400_000 - 1 };
}
