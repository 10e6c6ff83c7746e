import type { GenContext } from './context';
import type { DemoPerson } from './people';
import { minuteBetween, pad, personRng, round2, rngFor, type Rng } from './random-helpers';
import type { SourceFile } from './sqlite-file';
import { internAway } from './wangluo';
import { DAY_MS, dayStart } from './term';

const MERCHANTS = [
  { id: 101, name: '第一食堂一楼', kind: 'canteen', location: '东区' },
  { id: 102, name: '第一食堂二楼', kind: 'canteen', location: '东区' },
  { id: 103, name: '第二食堂', kind: 'canteen', location: '西区' },
  { id: 104, name: '清真餐厅', kind: 'canteen', location: '西区' },
  { id: 105, name: '教工餐厅', kind: 'canteen', location: '行政楼' },
  { id: 201, name: '教育超市东区店', kind: 'shop', location: '东区' },
  { id: 202, name: '教育超市西区店', kind: 'shop', location: '西区' },
  { id: 203, name: '水果店', kind: 'shop', location: '东区' },
  { id: 204, name: '打印复印中心', kind: 'shop', location: '图书馆' },
  { id: 301, name: '东区浴室', kind: 'bath', location: '东区' },
  { id: 302, name: '西区浴室', kind: 'bath', location: '西区' },
  { id: 901, name: '自助圈存机', kind: 'recharge', location: '各食堂' },
] as const;
const STUDENT_CANTEENS = MERCHANTS.filter((m) => m.kind === 'canteen' && m.id !== 105);
const SHOPS = MERCHANTS.filter((m) => m.kind === 'shop');
const BATHS = MERCHANTS.filter((m) => m.kind === 'bath');

interface Card {
  cardNo: string;
  person: DemoPerson;
  balance: number;
  /** How much of their eating happens on campus (0.6–1.1): some students eat out or order in. */
  appetite: number;
  breakfast: number;
  /** Early warning's demo cast: 'solitary' eats off-peak, 'funding' eats cheaply, 'disContact'/'leave' go quiet. */
  cause?: string;
}

type Txn = [at: number, card: Card, merchant: number, kind: string, amount: number];

/** One person's spending on one day: meal peaks, a shop now and then, a shower in the evening. */
function dayOfSpending(rng: Rng, c: Card, start: number, weekend: boolean, holiday: boolean, out: Txn[]): void {
  const staff = c.person.kind === 'staff';
  const at = (from: number, to: number) => start + minuteBetween(rng, from, to) * 60_000 + rng.int(0, 59) * 1000;
  const canteen = () => rng.pick(STUDENT_CANTEENS).id;
  if (c.cause === 'solitary') {
    // Alone, after the crowds: late breakfast, lunch after 13:30, dinner after 19:00.
    if (rng.chance(0.6)) out.push([at(545, 590), c, canteen(), 'canteen', round2(rng.int(300, 700) / 100)]);
    if (rng.chance(0.9)) out.push([at(815, 860), c, canteen(), 'canteen', round2(rng.int(900, 1800) / 100)]);
    if (rng.chance(0.85)) out.push([at(1150, 1230), c, canteen(), 'canteen', round2(rng.int(800, 1600) / 100)]);
    return;
  }
  if (c.cause === 'funding') {
    // Three meals a day on campus, the cheapest dishes, nothing else.
    out.push([at(420, 500), c, canteen(), 'canteen', round2(rng.int(150, 200) / 100)]);
    out.push([at(690, 760), c, canteen(), 'canteen', round2(rng.int(350, 500) / 100)]);
    out.push([at(1030, 1110), c, canteen(), 'canteen', round2(rng.int(350, 500) / 100)]);
    return;
  }
  if (staff) {
    if (!weekend && !holiday && rng.chance(0.55))
      out.push([at(690, 780), c, 105, 'canteen', round2(rng.int(1200, 2200) / 100)]);
    if (rng.chance(0.06)) out.push([at(600, 1080), c, rng.pick(SHOPS).id, 'shop', round2(rng.int(300, 6000) / 100)]);
    return;
  }
  const away = holiday ? 0.35 : weekend ? 0.75 : 1; // many go home or out at weekends and on National Day
  const eat = (p: number) => rng.chance(p * c.appetite * away);
  if (eat(weekend ? c.breakfast * 0.5 : c.breakfast))
    out.push([at(420, 515), c, rng.pick(STUDENT_CANTEENS).id, 'canteen', round2(rng.int(300, 800) / 100)]);
  if (eat(0.85))
    out.push([
      at(weekend ? 660 : 690, 770),
      c,
      rng.pick(STUDENT_CANTEENS).id,
      'canteen',
      round2(rng.int(900, 2200) / 100),
    ]);
  if (eat(0.72))
    out.push([at(1025, 1125), c, rng.pick(STUDENT_CANTEENS).id, 'canteen', round2(rng.int(800, 2000) / 100)]);
  if (rng.chance(0.22 * away))
    out.push([at(540, 1320), c, rng.pick(SHOPS).id, 'shop', round2(rng.int(200, 6000) / 100)]);
  if (rng.chance(0.2 * away))
    out.push([at(1140, 1350), c, rng.pick(BATHS).id, 'bath', round2(rng.int(150, 600) / 100)]);
}

/** 一卡通系统: cards with balances, merchants, and a term of transactions with their daily rhythm. */
export function writeYikatong(f: SourceFile, ctx: GenContext): void {
  const rng = rngFor('yikatong');
  const { students, staff } = ctx.people;
  const termStart = ctx.days[0]!.start;
  const cards: Card[] = [...students, ...staff].map((p, i) => {
    const own = personRng(p.userNo);
    return {
      cardNo: pad(10_000_001 + i, 8),
      person: p,
      balance: round2(own.int(2000, 30000) / 100),
      appetite: 0.6 + own.next() * 0.5,
      breakfast: 0.25 + own.next() * 0.55,
      cause: ctx.cast.get(p.userNo),
    };
  });

  f.table(
    'merchant',
    `CREATE TABLE merchant (merchant_id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, location TEXT NOT NULL)`,
    ['merchant_id', 'name', 'kind', 'location'],
    MERCHANTS.map((m) => [m.id, m.name, m.kind, m.location]),
  );

  // Transactions day by day, sorted by time, so txn_id grows with occurred_at (incremental syncs may use either).
  let txnId = 0;
  f.table(
    'card_txn',
    `CREATE TABLE card_txn (txn_id INTEGER PRIMARY KEY, card_no TEXT NOT NULL, holder_no TEXT NOT NULL,
      holder_name TEXT NOT NULL, unit_id INTEGER NOT NULL, merchant_id INTEGER NOT NULL, merchant_name TEXT NOT NULL,
      kind TEXT NOT NULL, amount REAL NOT NULL, balance_after REAL NOT NULL, occurred_at INTEGER NOT NULL)`,
    [
      'txn_id',
      'card_no',
      'holder_no',
      'holder_name',
      'unit_id',
      'merchant_id',
      'merchant_name',
      'kind',
      'amount',
      'balance_after',
      'occurred_at',
    ],
    (function* () {
      const last = ctx.days.length - 1;
      for (const [i, day] of ctx.days.entries()) {
        const txns: Txn[] = [];
        for (const c of cards) {
          // The out-of-contact case pays for nothing in the last six days; the leave case nothing while away.
          if (c.cause === 'disContact' && i >= last - 5) continue;
          if (internAway(ctx, c.person.userNo, i)) continue; // on an internship off campus (online: wangluo.ts)
          if (c.cause === 'leave' && ctx.leave && day.date >= ctx.leave.from && day.date <= ctx.leave.to) continue;
          dayOfSpending(rng, c, day.start, day.weekday > 5, day.holiday, txns);
        }
        txns.sort((a, b) => a[0] - b[0]);
        for (const [at, c, merchant, kind, amount] of txns) {
          // Topped up at the till when the balance cannot cover a payment (same second, so ids still follow time; spending is negative).
          if (c.balance < amount) {
            const topUp = rng.pick([100, 100, 200, 300]);
            c.balance = round2(c.balance + topUp);
            yield [
              ++txnId,
              c.cardNo,
              c.person.userNo,
              c.person.name,
              c.person.unit.id,
              901,
              '自助圈存机',
              'recharge',
              topUp,
              c.balance,
              at,
            ];
          }
          c.balance = round2(c.balance - amount);
          const m = MERCHANTS.find((x) => x.id === merchant)!;
          yield [
            ++txnId,
            c.cardNo,
            c.person.userNo,
            c.person.name,
            c.person.unit.id,
            merchant,
            m.name,
            kind,
            -amount,
            c.balance,
            at,
          ];
        }
      }
    })(),
    'CREATE INDEX card_txn_time ON card_txn (occurred_at); CREATE INDEX card_txn_holder ON card_txn (holder_no, occurred_at)',
  );

  f.table(
    'card',
    `CREATE TABLE card (card_no TEXT PRIMARY KEY, holder_no TEXT NOT NULL UNIQUE, holder_name TEXT NOT NULL,
      holder_kind TEXT NOT NULL, unit_id INTEGER NOT NULL, unit_name TEXT NOT NULL, status TEXT NOT NULL,
      opened_at INTEGER NOT NULL, balance REAL NOT NULL, updated_at INTEGER NOT NULL)`,
    [
      'card_no',
      'holder_no',
      'holder_name',
      'holder_kind',
      'unit_id',
      'unit_name',
      'status',
      'opened_at',
      'balance',
      'updated_at',
    ],
    cards.map((c) => {
      const p = c.person;
      const opened = p.kind === 'student' && p.grade ? dayStart(`${p.grade}-09-01`) : termStart - 400 * DAY_MS;
      return [
        c.cardNo,
        p.userNo,
        p.name,
        p.kind === 'student' ? '学生' : '教职工',
        p.unit.id,
        p.unit.name,
        personRng(p.userNo + 'card').chance(0.01) ? '挂失' : '正常',
        opened,
        c.balance,
        ctx.asOf,
      ];
    }),
    'CREATE INDEX card_unit ON card (unit_id)',
  );
}
