import { DEMO_LEAVE_PERIODS, demoWarningCast, type DemoCause } from '@/modules/early-warning/server/commands/demo-cast';
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
  /**
   * Students the systems make warning cases of (early warning's demo cast: the same function its seed
   * reads the counsellors from), and the days they act on: the last two weeks of events, and the
   * approved leave that falls inside the generated days.
   */
  cast: Map<string, DemoCause>;
  recentFrom: number;
  leave: { from: string; to: string } | null;
}

export function genContext(people: DemoPeople, size: DemoSize): GenContext {
  const days = termDays(EVENT_WEEKS[size]);
  const last = days[days.length - 1]!.date;
  const { cause } = demoWarningCast(
    people.students.map((p) => ({ userNo: p.userNo, collegeId: p.unit.id, group: p.className })),
    people.staff.filter((p) => p.counsellor).map((p) => ({ userNo: p.userNo, collegeId: p.unit.id })),
  );
  return {
    people,
    size,
    days,
    asOf: days[days.length - 1]!.start + 86_400_000 - 1,
    cast: cause,
    recentFrom: Math.max(0, days.length - 14),
    leave: DEMO_LEAVE_PERIODS.find((l) => l.to <= last && l.from >= days[0]!.date) ?? null,
  };
}
