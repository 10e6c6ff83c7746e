import { readablePrimary } from '@/core/ui/contrast';
import { SCHOOL_KIND_COLORS, type EventView, type SchoolEntryView } from '../contract';

/** Colours the views share on desk and phone: school entries by kind, personal blue-green, department orange. */
export const PERSONAL_COLOR = '#13c2c2';
export const DEPARTMENT_COLOR = '#fa8c16';
export const eventColor = (e: EventView) => (e.scope === 'department' ? DEPARTMENT_COLOR : PERSONAL_COLOR);
export const schoolColor = (s: SchoolEntryView) => SCHOOL_KIND_COLORS[s.kind];
/**
 * A kind's colour as a solid tag's background: the same hue darkened until its white label reads
 * at 4.5:1 (a light tag's text in #52c41a or #fa541c on its tint reads at 2–3:1, WCAG AA fails).
 */
export const tagColor = (color: string) => readablePrimary(color);

/** 'YYYY-MM-DD' of a date in the browser's time (the school's: Beijing). */
export const dayText = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The day after a 'YYYY-MM-DD' (a whole-day entry's exclusive end). */
export function nextDay(day: string): string {
  const d = new Date(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10) + 1);
  return dayText(d);
}
