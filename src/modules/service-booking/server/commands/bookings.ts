import type { Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import '../tables';

export type Conn = Db | Transaction<Database>;

export type BookingStatus = 'booked' | 'cancelled' | 'attended' | 'no_show';

/** A booking as other modules see it (service-feedback rates ended ones). */
export interface BookingRef {
  id: number;
  itemId: number;
  userId: number;
  slotStart: number;
  slotEnd: number;
  status: BookingStatus;
}

const COLUMNS = ['id', 'itemId', 'userId', 'slotStart', 'slotEnd', 'status'] as const;

const toRef = (r: {
  id: number;
  itemId: number;
  userId: number;
  slotStart: number | string;
  slotEnd: number | string;
  status: string;
}): BookingRef => ({
  id: r.id,
  itemId: r.itemId,
  userId: r.userId,
  slotStart: Number(r.slotStart),
  slotEnd: Number(r.slotEnd),
  status: r.status as BookingStatus,
});

export async function getBooking(db: Conn, id: number): Promise<BookingRef | null> {
  const r = await db.selectFrom('sbBooking').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return r ? toRef(r) : null;
}

/**
 * A person's ended bookings, newest slot first: attended, or a live/no-show booking whose slot
 * is over (cancelled ones never ended). Paged in SQL on sb_booking_user_idx.
 */
export async function endedBookingsOf(
  db: Conn,
  userId: number,
  page: { page: number; pageSize: number },
  now = Date.now(),
): Promise<{ total: number; list: BookingRef[] }> {
  const base = db
    .selectFrom('sbBooking')
    .where('userId', '=', userId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'attended'),
        eb.and([eb('status', 'in', ['booked', 'no_show']), eb('slotEnd', '<=', now)]),
      ]),
    );
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(COLUMNS)
    .orderBy('slotStart', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  return { total: Number(total), list: rows.map(toRef) };
}
