import { chineseName } from '@/server/db/seed/names';
import type { GenContext } from './context';
import { pad, personRng, round2, rngFor, type Rng } from './random-helpers';
import type { SourceFile } from './sqlite-file';
import { DAY_MS, isoDate } from './term';

/** 中图分类 with topics a university library lends most. */
const SHELVES = [
  {
    cls: 'TP3',
    name: '计算机',
    topics: [
      'Python程序设计',
      '数据结构与算法',
      '深度学习',
      '计算机网络',
      '操作系统',
      '数据库系统',
      'Java编程思想',
      '机器学习',
      '编译原理',
      '软件工程',
    ],
  },
  {
    cls: 'O1',
    name: '数学',
    topics: ['高等数学', '线性代数', '概率论', '数值分析', '数学分析', '离散数学', '运筹学', '复变函数'],
  },
  {
    cls: 'H31',
    name: '英语',
    topics: ['英语语法', '雅思词汇', '英美文学选读', '英汉翻译', '学术英语写作', '英语口语'],
  },
  { cls: 'F', name: '经济', topics: ['经济学原理', '会计学', '财务管理', '市场营销', '管理学', '金融学', '国际贸易'] },
  { cls: 'TH', name: '机械', topics: ['机械设计', '机械原理', '工程力学', '液压传动', '数控加工', '机器人学'] },
  { cls: 'TM', name: '电工', topics: ['电路分析', '电机与拖动', '电力电子', '自动控制原理', '信号与系统'] },
  { cls: 'TU', name: '建筑', topics: ['结构力学', '土力学', '混凝土结构', '建筑设计', '工程测量', '建筑史'] },
  {
    cls: 'I2',
    name: '中国文学',
    topics: ['红楼梦', '围城', '平凡的世界', '活着', '三体', '唐诗选', '宋词选', '鲁迅全集'],
  },
  { cls: 'D9', name: '法律', topics: ['民法学', '刑法学', '宪法学', '行政法', '法理学'] },
  { cls: 'J', name: '艺术', topics: ['设计色彩', '平面构成', '中国美术史', '摄影基础', '版式设计'] },
] as const;
const SUFFIX = ['', '', '导论', '教程', '基础', '原理与实践', '（第2版）', '（第3版）', '学习指导', '精讲'];
const PUBLISHERS = [
  '高等教育出版社',
  '清华大学出版社',
  '机械工业出版社',
  '人民邮电出版社',
  '电子工业出版社',
  '科学出版社',
  '北京大学出版社',
  '人民文学出版社',
  '外语教学与研究出版社',
  '中国人民大学出版社',
];

/** ISBN-13 with a correct check digit. */
function isbn(rng: Rng): string {
  const body = `9787${pad(rng.int(0, 99_999_999), 8)}`;
  const sum = [...body].reduce((s, c, i) => s + Number(c) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** 图书馆系统: books and the term's loans with due dates, renewals, returns, overdue loans and fines. */
export function writeTushuguan(f: SourceFile, ctx: GenContext): void {
  const rng = rngFor('tushuguan');
  const books = Array.from({ length: ctx.size === 'full' ? 3000 : 200 }, (_, i) => {
    const shelf = rng.pick(SHELVES);
    return {
      id: i + 1,
      isbn: isbn(rng),
      title: `${rng.pick(shelf.topics)}${rng.pick(SUFFIX)}`,
      author: chineseName(rng, rng.chance(0.6) ? '男' : '女'),
      publisher: rng.pick(PUBLISHERS),
      year: rng.int(2005, 2026),
      cls: shelf.cls,
      category: shelf.name,
      copies: rng.int(1, 6),
    };
  });
  f.table(
    'book',
    `CREATE TABLE book (book_id INTEGER PRIMARY KEY, isbn TEXT NOT NULL, title TEXT NOT NULL, author TEXT NOT NULL,
      publisher TEXT NOT NULL, publish_year INTEGER NOT NULL, class_no TEXT NOT NULL, category TEXT NOT NULL,
      copies INTEGER NOT NULL)`,
    ['book_id', 'isbn', 'title', 'author', 'publisher', 'publish_year', 'class_no', 'category', 'copies'],
    books.map((b) => [b.id, b.isbn, b.title, b.author, b.publisher, b.year, b.cls, b.category, b.copies]),
  );

  // Loans: readers borrow on library days of the term; students for 30 days (one renewal of 30 more), staff for 90.
  const first = ctx.days[0]!.start;
  const span = ctx.days.length;
  const loans: unknown[][] = [];
  for (const p of [...ctx.people.students, ...ctx.people.staff]) {
    const reader = personRng(p.userNo + 'library');
    const count = reader.chance(0.35) ? 0 : reader.int(1, p.kind === 'student' ? 6 : 4);
    for (let i = 0; i < count; i++) {
      const book = rng.pick(books);
      const borrowed = first + rng.int(-20, span - 1) * DAY_MS + rng.int(8 * 60, 21 * 60) * 60_000;
      const period = p.kind === 'student' ? 30 : 90;
      const renewed = rng.chance(0.2) ? 1 : 0;
      const due = borrowed + (period + renewed * 30) * DAY_MS;
      // Most come back well within the loan period; some late, some not yet.
      const keep = rng.chance(0.1) ? period + rng.int(5, 40) : rng.int(3, period + renewed * 30);
      const back = borrowed + keep * DAY_MS + rng.int(0, 8 * 3600) * 1000;
      const returned = back <= ctx.asOf ? back : null;
      const lateDays = Math.max(0, Math.floor(((returned ?? ctx.asOf) - due) / DAY_MS));
      const status = returned ? (lateDays > 0 ? '逾期归还' : '已归还') : lateDays > 0 ? '逾期未还' : '在借';
      loans.push([
        p.userNo,
        p.name,
        p.kind === 'student' ? '学生' : '教职工',
        p.unit.id,
        book.id,
        book.title,
        borrowed,
        isoDate(due),
        renewed,
        returned,
        status,
        lateDays,
        round2(lateDays * 0.1),
      ]);
    }
  }
  // Loan numbers in borrowing order, and updated_at (the last change: the return, or the loan) for incremental syncs.
  loans.sort((a, b) => (a[6] as number) - (b[6] as number));
  f.table(
    'loan',
    `CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, reader_no TEXT NOT NULL, reader_name TEXT NOT NULL,
      reader_kind TEXT NOT NULL, unit_id INTEGER NOT NULL, book_id INTEGER NOT NULL, title TEXT NOT NULL,
      borrowed_at INTEGER NOT NULL, due_date TEXT NOT NULL, renewals INTEGER NOT NULL, returned_at INTEGER,
      status TEXT NOT NULL, overdue_days INTEGER NOT NULL, fine REAL NOT NULL, updated_at INTEGER NOT NULL)`,
    [
      'loan_id',
      'reader_no',
      'reader_name',
      'reader_kind',
      'unit_id',
      'book_id',
      'title',
      'borrowed_at',
      'due_date',
      'renewals',
      'returned_at',
      'status',
      'overdue_days',
      'fine',
      'updated_at',
    ],
    loans.map((l, i) => [i + 1, ...l, (l[9] as number | null) ?? (l[6] as number)]),
    'CREATE INDEX loan_reader ON loan (reader_no); CREATE INDEX loan_updated ON loan (updated_at); CREATE INDEX loan_status ON loan (status)',
  );
}
