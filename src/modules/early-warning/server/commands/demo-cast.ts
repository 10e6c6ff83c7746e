/**
 * Who the demo university's source systems make a warning case of, and which counsellor looks after
 * whom — one pure function of the portal's people, so the demo sources (data-sync's generators,
 * which write the signals) and this module's seed (which records the counsellors and the approved
 * leave) agree without reading each other's data.
 *
 * Per college, its classes (or, where the organisation has no classes, its students one by one) go
 * round-robin to the college's counsellors; the m-th group of a counsellor gets causes 2m and 2m+1
 * (seats 2 and 5 of the class), so every counsellor with four or more classes has every cause.
 */
export const DEMO_CAUSES = ['lateBack', 'leave', 'unBack', 'absent', 'disContact', 'solitary', 'funding'] as const;
export type DemoCause = (typeof DEMO_CAUSES)[number];

export interface CastStudent {
  userNo: string;
  collegeId: number;
  /** Class name, or null when the organisation has none. */
  group: string | null;
}

export interface CastCounsellor {
  userNo: string;
  collegeId: number;
}

export interface DemoCast {
  counsellorOf: Map<string, string>;
  cause: Map<string, DemoCause>;
}

/** The fixed demo student (李明轩) is never made a case: the README's student pages stay ordinary. */
const KEEP_CLEAR = new Set(['20230101101']);

export function demoWarningCast(students: readonly CastStudent[], counsellors: readonly CastCounsellor[]): DemoCast {
  const sorted = [...students].sort((a, b) => (a.userNo < b.userNo ? -1 : a.userNo > b.userNo ? 1 : 0));
  const groups = new Map<number, Map<string, CastStudent[]>>();
  for (const s of sorted) {
    const byKey = groups.get(s.collegeId) ?? new Map<string, CastStudent[]>();
    groups.set(s.collegeId, byKey);
    const key = s.group ?? `#${s.userNo}`;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const counsellorOf = new Map<string, string>();
  const cause = new Map<string, DemoCause>();
  for (const [collegeId, byKey] of groups) {
    const cs = counsellors
      .filter((c) => c.collegeId === collegeId)
      .map((c) => c.userNo)
      .sort();
    [...byKey.values()].forEach((members, k) => {
      if (cs.length) for (const m of members) counsellorOf.set(m.userNo, cs[k % cs.length]!);
      const m = Math.floor(k / Math.max(cs.length, 1));
      const seats = members.length >= 6 ? [1, 4] : [0];
      seats.forEach((seat, i) => {
        const who = members[seat];
        if (who && !KEEP_CLEAR.has(who.userNo)) cause.set(who.userNo, DEMO_CAUSES[(2 * m + i) % DEMO_CAUSES.length]!);
      });
    });
  }
  return { counsellorOf, cause };
}

/**
 * The demo's approved leave: three nights near the end of the generated events, for each event range
 * the demo sources may generate (two weeks for the browser suite, eleven for a demo start), as
 * China-time dates. The leave students stay out exactly these nights.
 */
export const DEMO_LEAVE_PERIODS = [
  { from: '2026-09-15', to: '2026-09-17' },
  { from: '2026-11-16', to: '2026-11-18' },
] as const;
