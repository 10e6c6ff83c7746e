import type { Audience, LayoutField, LayoutGroup } from '../contract';

/**
 * The demo's page per audience over the demo data tables (data-sync's demo sources), used until
 * the back office saves its own: the seed stores them, and a fresh install without a saved
 * layout shows them too.
 */
const f = (name: string, label: string, o: { masked?: boolean; correctable?: boolean } = {}): LayoutField => ({
  name,
  label,
  masked: o.masked ?? false,
  correctable: o.correctable ?? false,
});

const dorm: LayoutGroup = {
  key: 'dorm',
  title: '住宿信息',
  tableCode: 'mj_bed',
  personField: 'student_no',
  fields: [
    f('building_id', '楼栋编号', { correctable: true }),
    f('room_no', '房间号', { correctable: true }),
    f('bed_no', '床号', { correctable: true }),
    f('check_in_date', '入住日期', { correctable: true }),
  ],
};
const card = (correctName: boolean): LayoutGroup => ({
  key: 'card',
  title: '校园卡',
  tableCode: 'ykt_card',
  personField: 'holder_no',
  fields: [
    f('card_no', '卡号'),
    f('holder_name', '姓名', { correctable: correctName }),
    f('unit_name', '所属单位', { correctable: true }),
    f('status', '卡状态'),
    f('balance', '余额', { masked: true }),
  ],
});
const grades: LayoutGroup = {
  key: 'grades',
  title: '学业成绩',
  tableCode: 'jw_grade',
  personField: 'student_no',
  fields: [
    f('term_code', '学期'),
    f('course_name', '课程'),
    f('credit', '学分'),
    f('score', '成绩', { correctable: true }),
    f('grade_point', '绩点'),
    f('exam_kind', '考试性质'),
  ],
};
const library: LayoutGroup = {
  key: 'library',
  title: '图书借阅',
  tableCode: 'tsg_loan',
  personField: 'reader_no',
  fields: [
    f('title', '题名'),
    f('borrowed_at', '借出时间'),
    f('due_date', '应还日期'),
    f('status', '状态'),
    f('fine', '滞纳金', { correctable: true }),
  ],
};

export const DEFAULT_LAYOUTS: Record<Audience, LayoutGroup[]> = {
  undergraduate: [card(true), dorm, grades, library],
  postgraduate: [card(true), dorm, grades, library],
  staff: [
    {
      key: 'basic',
      title: '基本信息',
      tableCode: 'rs_staff',
      personField: 'staff_no',
      fields: [
        f('name', '姓名'),
        f('gender', '性别', { correctable: true }),
        f('id_card', '身份证号', { masked: true, correctable: true }),
        f('birth_date', '出生日期', { masked: true, correctable: true }),
        f('unit_name', '所属单位'),
        f('post_name', '岗位'),
        f('title', '职称/职务', { correctable: true }),
        f('education', '学历', { correctable: true }),
        f('hire_date', '入职日期', { correctable: true }),
      ],
    },
    {
      key: 'payroll',
      title: '工资发放',
      tableCode: 'rs_salary',
      personField: 'staff_no',
      fields: [
        f('pay_month', '发放月份'),
        f('gross_pay', '应发合计', { masked: true }),
        f('deductions', '扣款合计', { masked: true }),
        f('net_pay', '实发金额', { masked: true }),
      ],
    },
    card(false),
    {
      key: 'research',
      title: '科研项目',
      tableCode: 'ky_project',
      personField: 'leader_no',
      fields: [
        f('title', '项目名称'),
        f('level', '项目级别', { correctable: true }),
        f('funding', '经费（万元）', { correctable: true }),
        f('status', '状态'),
      ],
    },
    {
      key: 'papers',
      title: '论文',
      tableCode: 'ky_paper',
      personField: 'first_author_no',
      fields: [
        f('title', '论文题目'),
        f('journal', '期刊', { correctable: true }),
        f('published_date', '发表日期', { correctable: true }),
      ],
    },
    library,
  ],
};
