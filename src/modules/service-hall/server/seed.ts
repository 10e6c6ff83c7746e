import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { publishedProcessesOfForm } from '@/modules/workflow/server/commands/instances';
import type { Audience, HandlingMode, Material, OfflineWindow, Rule, Step, Theme } from '../contract';
import * as repo from './repository';
import { indexItem, indexSpecial } from './search';

/**
 * The demo service hall: about forty items over the demo university's offices (only those the
 * organisation seed made: the small set has four), with guides, windows and rules; items bound to
 * demo forms (by name) when those exist with a published process; three special services;
 * favourites and use counts for the demo student and teacher.
 */

type Who = 'student' | 'staff' | 'all' | 'visitor';

interface Spec {
  name: string;
  dept: string;
  theme: Theme;
  who: Who;
  modes: HandlingMode[];
  summary: string;
  /** Exact name of a demo form to bind (online only when it exists with a published process). */
  form?: string;
  materials?: string[];
  timeLimit?: string;
  permit?: string;
}

const ITEMS: Spec[] = [
  // 学生工作处
  {
    name: '学生请假',
    dept: '学生工作处',
    theme: '学籍学业',
    who: 'student',
    modes: ['online'],
    summary: '学生因病、因事离校请假，经辅导员、学院审批后生效。',
    form: '学生请假申请',
    materials: ['请假证明材料（病假须附二级以上医院证明）', '离校期间联系人信息'],
    timeLimit: '1 个工作日',
  },
  {
    name: '国家助学金申请',
    dept: '学生工作处',
    theme: '奖助勤贷',
    who: 'student',
    modes: ['online', 'offline'],
    summary: '家庭经济困难学生申请国家助学金，每学年评定一次。',
    form: '国家助学金申请表',
    materials: ['家庭经济困难认定表', '身份证复印件'],
    timeLimit: '15 个工作日',
  },
  {
    name: '国家励志奖学金申请',
    dept: '学生工作处',
    theme: '奖助勤贷',
    who: 'student',
    modes: ['offline'],
    summary: '品学兼优的家庭经济困难学生申请国家励志奖学金。',
    materials: ['申请审批表', '成绩单'],
  },
  {
    name: '生源地助学贷款回执提交',
    dept: '学生工作处',
    theme: '奖助勤贷',
    who: 'student',
    modes: ['offline', 'booking'],
    summary: '办理生源地信用助学贷款的学生到校后提交贷款回执。',
    materials: ['贷款受理证明（回执）', '学生证'],
  },
  {
    name: '勤工助学岗位申请',
    dept: '学生工作处',
    theme: '奖助勤贷',
    who: 'student',
    modes: ['online'],
    summary: '申请校内勤工助学岗位，经用人部门面试后上岗。',
    form: '勤工助学岗位申请表',
    timeLimit: '5 个工作日',
  },
  {
    name: '学生证补办',
    dept: '学生工作处',
    theme: '证明办理',
    who: 'student',
    modes: ['offline', 'booking'],
    summary: '学生证遗失或损坏的补办，现场采集照片后制证。',
    materials: ['一寸蓝底照片 1 张', '身份证'],
    timeLimit: '7 个工作日',
    permit: '学生证补办受理凭证',
  },
  {
    name: '心理咨询预约',
    dept: '学生工作处',
    theme: '后勤生活',
    who: 'student',
    modes: ['booking'],
    summary: '预约心理健康教育中心的个体咨询，全程保密。',
  },
  {
    name: '困难学生认定',
    dept: '学生工作处',
    theme: '奖助勤贷',
    who: 'student',
    modes: ['online'],
    summary: '家庭经济困难学生认定，认定结果作为资助依据。',
    form: '家庭经济困难认定申请表',
    materials: ['家庭情况调查表'],
  },
  {
    name: '学生违纪处分申诉',
    dept: '学生工作处',
    theme: '学籍学业',
    who: 'student',
    modes: ['offline'],
    summary: '对学校作出的违纪处分决定有异议的，可在规定期限内申诉。',
    materials: ['申诉书', '处分决定书复印件'],
    timeLimit: '15 个工作日',
  },
  // 教务处
  {
    name: '在读证明开具',
    dept: '教务处',
    theme: '证明办理',
    who: 'student',
    modes: ['online', 'offline'],
    summary: '开具中英文在读证明，用于签证、实习、银行等。',
    form: '在读证明申请',
    timeLimit: '2 个工作日',
    permit: '在读证明',
  },
  {
    name: '成绩单打印',
    dept: '教务处',
    theme: '证明办理',
    who: 'all',
    modes: ['offline'],
    summary: '在自助打印机或教务处窗口打印盖章成绩单。',
    materials: ['校园卡或身份证'],
  },
  {
    name: '缓考申请',
    dept: '教务处',
    theme: '学籍学业',
    who: 'student',
    modes: ['online'],
    summary: '因病或突发事件不能参加期末考试的，考前申请缓考。',
    form: '缓考申请表',
    materials: ['医院证明或相关证明'],
    timeLimit: '3 个工作日',
  },
  {
    name: '休学申请',
    dept: '教务处',
    theme: '学籍学业',
    who: 'student',
    modes: ['online', 'offline'],
    summary: '因病或其他原因需暂停学业的，申请休学。',
    form: '休学申请表',
    materials: ['二级甲等以上医院诊断证明'],
    timeLimit: '10 个工作日',
  },
  {
    name: '复学申请',
    dept: '教务处',
    theme: '学籍学业',
    who: 'student',
    modes: ['offline'],
    summary: '休学期满的学生在开学前申请复学。',
    materials: ['复学申请表', '医院康复证明（病休者）'],
  },
  {
    name: '转专业申请',
    dept: '教务处',
    theme: '学籍学业',
    who: 'student',
    modes: ['online'],
    summary: '一年级学生在规定时间内申请转入其他专业。',
    form: '转专业申请表',
    timeLimit: '30 个工作日',
  },
  {
    name: '辅修学位报名',
    dept: '教务处',
    theme: '学籍学业',
    who: 'student',
    modes: ['online'],
    summary: '学有余力的学生报名辅修第二学位。',
    form: '辅修学位报名表',
  },
  {
    name: '学位证明书补办',
    dept: '教务处',
    theme: '证明办理',
    who: 'visitor',
    modes: ['offline'],
    summary: '毕业生学位证书遗失的，补办学位证明书。',
    materials: ['登报声明原件', '身份证复印件'],
    timeLimit: '20 个工作日',
  },
  {
    name: '调课申请',
    dept: '教务处',
    theme: '学籍学业',
    who: 'staff',
    modes: ['online'],
    summary: '任课教师因公因病需调整课程安排的申请。',
    form: '调课申请表',
    timeLimit: '2 个工作日',
  },
  // 信息化办公室
  {
    name: '校园网开户',
    dept: '信息化办公室',
    theme: '网络信息',
    who: 'all',
    modes: ['online', 'offline'],
    summary: '开通校园网上网账号，首次使用须修改初始密码。',
    form: '校园网开户申请',
    timeLimit: '即时办结',
  },
  {
    name: '统一身份认证密码重置',
    dept: '信息化办公室',
    theme: '网络信息',
    who: 'all',
    modes: ['offline'],
    summary: '忘记统一身份认证密码且无法自助找回时，本人持证件办理。',
    materials: ['本人身份证或校园卡'],
  },
  {
    name: '正版软件申请',
    dept: '信息化办公室',
    theme: '网络信息',
    who: 'staff',
    modes: ['online'],
    summary: '申请使用学校购买的正版操作系统、办公软件。',
    form: '正版软件使用申请',
  },
  {
    name: 'VPN 账号申请',
    dept: '信息化办公室',
    theme: '网络信息',
    who: 'staff',
    modes: ['online'],
    summary: '校外访问校内资源（图书馆数据库、办公系统）须开通 VPN。',
    form: 'VPN账号申请',
    timeLimit: '1 个工作日',
  },
  {
    name: '网站与域名备案',
    dept: '信息化办公室',
    theme: '网络信息',
    who: 'staff',
    modes: ['offline'],
    summary: '二级单位网站上线前完成安全检测与域名备案。',
    materials: ['网站备案登记表', '安全检测报告'],
  },
  {
    name: '企业邮箱开通',
    dept: '信息化办公室',
    theme: '网络信息',
    who: 'staff',
    modes: ['online'],
    summary: '教职工开通学校企业邮箱。',
    form: '企业邮箱开通申请',
  },
  // 后勤保障处
  {
    name: '宿舍报修',
    dept: '后勤保障处',
    theme: '后勤生活',
    who: 'all',
    modes: ['online'],
    summary: '宿舍水电、门窗、家具损坏的在线报修，维修人员上门处理。',
    form: '宿舍报修',
    timeLimit: '24 小时内响应',
  },
  {
    name: '宿舍调换申请',
    dept: '后勤保障处',
    theme: '后勤生活',
    who: 'student',
    modes: ['online', 'offline'],
    summary: '因特殊原因需调换宿舍的申请，视床位情况安排。',
    form: '宿舍调换申请表',
    timeLimit: '5 个工作日',
  },
  {
    name: '校园卡补办',
    dept: '后勤保障处',
    theme: '后勤生活',
    who: 'all',
    modes: ['offline', 'booking'],
    summary: '校园卡遗失或损坏的补办，旧卡余额自动转入新卡。',
    materials: ['身份证', '工本费 20 元'],
    timeLimit: '即时办结',
  },
  {
    name: '访客车辆入校预约',
    dept: '后勤保障处',
    theme: '后勤生活',
    who: 'visitor',
    modes: ['offline'],
    summary: '校外来访车辆入校登记，凭预约信息在门岗放行。',
    materials: ['驾驶证', '来访事由说明'],
  },
  {
    name: '假期留校住宿申请',
    dept: '后勤保障处',
    theme: '后勤生活',
    who: 'student',
    modes: ['online'],
    summary: '寒暑假期间因实习、科研需留校住宿的申请。',
    form: '假期留校申请',
  },
  {
    name: '教职工周转房申请',
    dept: '后勤保障处',
    theme: '后勤生活',
    who: 'staff',
    modes: ['offline'],
    summary: '新进教职工申请租住学校周转房。',
    materials: ['周转房申请表', '劳动合同复印件'],
  },
  // 人事处
  {
    name: '在职证明开具',
    dept: '人事处',
    theme: '人事服务',
    who: 'staff',
    modes: ['online', 'offline'],
    summary: '教职工开具在职（收入）证明。',
    form: '在职证明申请',
    timeLimit: '2 个工作日',
    permit: '在职证明',
  },
  {
    name: '因公出国（境）审批',
    dept: '人事处',
    theme: '出国出境',
    who: 'staff',
    modes: ['online'],
    summary: '教职工因公出国（境）参加会议、访学的审批。',
    form: '因公出国审批表',
    timeLimit: '10 个工作日',
  },
  {
    name: '职称评审材料提交',
    dept: '人事处',
    theme: '人事服务',
    who: 'staff',
    modes: ['offline'],
    summary: '年度专业技术职务评审材料的提交与审核。',
    materials: ['评审表', '代表性成果', '继续教育证明'],
  },
  {
    name: '教职工离校手续',
    dept: '人事处',
    theme: '人事服务',
    who: 'staff',
    modes: ['offline'],
    summary: '调出、辞职、退休教职工办理离校手续。',
    materials: ['离校审批单'],
  },
  // 财务处
  {
    name: '差旅费报销',
    dept: '财务处',
    theme: '财务报销',
    who: 'staff',
    modes: ['online', 'booking'],
    summary: '出差结束后一个月内报销交通、住宿等差旅费用。',
    form: '差旅费报销单',
    materials: ['发票', '出差审批单'],
    timeLimit: '5 个工作日',
  },
  {
    name: '学费缴纳与发票',
    dept: '财务处',
    theme: '财务报销',
    who: 'student',
    modes: ['offline'],
    summary: '学费、住宿费缴纳及电子票据下载。',
  },
  {
    name: '学费减免申请',
    dept: '财务处',
    theme: '奖助勤贷',
    who: 'student',
    modes: ['online'],
    summary: '特殊困难学生申请减免学费。',
    form: '学费减免申请表',
    timeLimit: '20 个工作日',
  },
  {
    name: '科研经费报销',
    dept: '财务处',
    theme: '科研管理',
    who: 'staff',
    modes: ['booking'],
    summary: '科研项目经费的报销，须预约投递。',
    materials: ['报销单', '发票', '项目负责人签字'],
  },
  // 科学技术研究院
  {
    name: '纵向项目申报',
    dept: '科学技术研究院',
    theme: '科研管理',
    who: 'staff',
    modes: ['online'],
    summary: '国家、省部级科研项目的校内申报与审核。',
    form: '纵向项目申报书',
  },
  {
    name: '横向合同登记',
    dept: '科学技术研究院',
    theme: '科研管理',
    who: 'staff',
    modes: ['offline'],
    summary: '技术开发、服务合同的登记与盖章。',
    materials: ['合同文本一式四份'],
  },
  // 图书馆
  {
    name: '馆际互借申请',
    dept: '图书馆',
    theme: '图书文献',
    who: 'all',
    modes: ['online'],
    summary: '本馆未收藏的文献通过馆际互借获取。',
    form: '馆际互借申请',
  },
  {
    name: '研修间预约',
    dept: '图书馆',
    theme: '图书文献',
    who: 'all',
    modes: ['booking'],
    summary: '预约图书馆小组研修间，每次最长 4 小时。',
  },
  {
    name: '离校图书清还',
    dept: '图书馆',
    theme: '图书文献',
    who: 'student',
    modes: ['offline'],
    summary: '毕业生离校前归还所借图书并结清欠款。',
  },
  // colleges
  {
    name: '出国（境）交流学生推荐',
    dept: '外国语学院',
    theme: '出国出境',
    who: 'student',
    modes: ['online', 'offline'],
    summary: '申请参加学校出国（境）交流项目的学院推荐。',
    form: '出国交流推荐表',
    materials: ['护照复印件', '语言成绩证明'],
  },
  {
    name: '毕业设计（论文）选题',
    dept: '计算机科学与技术学院',
    theme: '学籍学业',
    who: 'student',
    modes: ['online'],
    summary: '毕业班学生在线选择毕业设计（论文）题目。',
    form: '毕业设计选题表',
  },
  {
    name: '就业推荐表领取',
    dept: '学生工作处',
    theme: '就业创业',
    who: 'student',
    modes: ['offline'],
    summary: '毕业生领取《毕业生就业推荐表》，用于求职。',
    materials: ['学生证'],
  },
  {
    name: '三方协议鉴证',
    dept: '学生工作处',
    theme: '就业创业',
    who: 'student',
    modes: ['offline', 'booking'],
    summary: '毕业生与用人单位签订就业协议书后鉴证登记。',
    materials: ['就业协议书一式三份'],
    timeLimit: '3 个工作日',
  },
  {
    name: '创业项目入驻申请',
    dept: '学生工作处',
    theme: '就业创业',
    who: 'all',
    modes: ['online'],
    summary: '大学生创业园项目入驻申请与评审。',
    form: '创业项目入驻申请表',
  },
];

const ADDRESSES: Record<string, string> = {
  学生工作处: '行政楼一楼 学生事务服务大厅',
  教务处: '行政楼二楼 教务服务窗口',
  信息化办公室: '信息中心大楼一楼 网络服务台',
  后勤保障处: '后勤服务中心一楼',
  人事处: '行政楼三楼 人事服务窗口',
  财务处: '行政楼四楼 财务报销大厅',
  科学技术研究院: '科研楼五楼 科研服务窗口',
  图书馆: '图书馆一楼 总服务台',
};

const PHONES: Record<string, string> = {
  学生工作处: '0571-8800 1201',
  教务处: '0571-8800 1202',
  信息化办公室: '0571-8800 1203',
  后勤保障处: '0571-8800 1204',
  人事处: '0571-8800 1205',
  财务处: '0571-8800 1206',
  科学技术研究院: '0571-8800 1207',
  图书馆: '0571-8800 1208',
};

const SPECIALS: { name: string; summary: string; intro: string; steps: Step[]; items: string[] }[] = [
  {
    name: '新生入学',
    summary: '报到、缴费、住宿、校园卡、校园网，新生入学一站办。',
    intro:
      '<p>欢迎加入华夏理工大学！请在报到前完成网上缴费与信息核对，报到当天按以下步骤办理。</p><p>如有疑问，请联系所在学院辅导员。</p>',
    steps: [
      { title: '网上信息核对', description: '登录门户核对个人信息与照片。' },
      { title: '缴纳学费', description: '通过财务缴费平台缴纳学费、住宿费。' },
      { title: '现场报到', description: '持录取通知书到学院报到点报到，领取宿舍钥匙。' },
      { title: '开通网络与校园卡', description: '领取校园卡，开通校园网账号。' },
    ],
    items: ['学费缴纳与发票', '校园网开户', '校园卡补办', '困难学生认定', '生源地助学贷款回执提交', '学生证补办'],
  },
  {
    name: '毕业离校',
    summary: '图书清还、就业手续、档案转递，毕业离校手续一览。',
    intro: '<p>毕业生须在离校前完成以下手续。各项完成后，学院为您发放毕业证书与学位证书。</p>',
    steps: [
      { title: '图书清还', description: '归还图书馆图书，结清欠款。' },
      { title: '就业手续', description: '完成就业协议鉴证或登记去向。' },
      { title: '退宿', description: '宿舍物品清点、退还钥匙。' },
      { title: '领取证书', description: '到学院领取毕业证书、学位证书。' },
    ],
    items: ['离校图书清还', '三方协议鉴证', '就业推荐表领取', '成绩单打印', '在读证明开具'],
  },
  {
    name: '出国出境',
    summary: '交流项目推荐、在读证明、成绩单、因公出国审批。',
    intro: '<p>学生出国（境）交流与教职工因公出国（境）所需的事项汇总。请预留足够的办理时间。</p>',
    steps: [
      { title: '确定项目', description: '选择交流项目或会议，确认出行时间。' },
      { title: '开具证明', description: '开具在读证明、成绩单或在职证明。' },
      { title: '审批', description: '学生须学院推荐，教职工须因公出国审批。' },
    ],
    items: ['出国（境）交流学生推荐', '在读证明开具', '成绩单打印', '因公出国（境）审批', '在职证明开具'],
  },
];

const audiencesOf = (who: Who): Audience[] =>
  who === 'student'
    ? ['student']
    : who === 'staff'
      ? ['staff']
      : who === 'visitor'
        ? ['visitor', 'alumni']
        : ['student', 'staff'];

function guideOf(s: Spec) {
  const address = ADDRESSES[s.dept] ?? `${s.dept}办公室`;
  const phone = PHONES[s.dept] ?? '0571-8800 1000';
  const materials: Material[] = (s.materials ?? ['本人身份证或校园卡']).map((name, i) => ({
    name,
    required: i === 0,
    copies: '原件 1 份',
    note: '',
    templateId: null,
    templateName: '',
  }));
  const online = s.modes.includes('online');
  const steps: Step[] = online
    ? [
        { title: '在线填报', description: `在办事大厅打开「${s.name}」，点击在线办理，填写申请表并上传材料。` },
        { title: '部门审核', description: `${s.dept}在${s.timeLimit ?? '5 个工作日'}内完成审核，结果以站内消息通知。` },
        { title: '办结', description: '审核通过后即办结；需领取纸质材料的，按通知到窗口领取。' },
      ]
    : [
        { title: '准备材料', description: '按材料清单准备原件及复印件。' },
        {
          title: s.modes.includes('booking') ? '预约并到窗口办理' : '到窗口办理',
          description: `到${address}提交材料。`,
        },
        { title: '领取结果', description: `${s.timeLimit ?? '5 个工作日'}后凭回执领取。` },
      ];
  const windows: OfflineWindow[] =
    s.modes.includes('offline') || s.modes.includes('booking')
      ? [{ name: `${s.dept}服务窗口`, address, hours: '工作日 8:30–11:30，14:00–17:00', phone }]
      : [];
  return {
    conditions: `<p>${s.summary}</p><p>申请人须为${audiencesOf(s.who)
      .map((a) => ({ student: '本校在籍学生', staff: '本校在职教职工', visitor: '校外人员', alumni: '校友' })[a])
      .join('或')}。</p>`,
    materials: JSON.stringify(materials),
    steps: JSON.stringify(steps),
    timeLimit: s.timeLimit ?? '5 个工作日',
    fees: s.materials?.some((m) => m.includes('工本费')) ? '工本费 20 元' : '不收费',
    legalBasis: '<p>《普通高等学校学生管理规定》（教育部令第41号）及学校相关管理办法。</p>',
    contact: `${s.dept} ${phone}`,
    faq: `<p><strong>问：</strong>办理进度在哪里查看？</p><p><strong>答：</strong>在线办理的，可在门户「我的申请」中查看审批进度；线下办理的，可电话咨询 ${phone}。</p>`,
    windows: JSON.stringify(windows),
    openingHours: windows.length ? '工作日 8:30–11:30，14:00–17:00（法定节假日除外）' : '',
    bring: windows.length ? (s.materials ?? ['本人身份证或校园卡']).join('；') : '',
  };
}

function rulesOf(who: Who, roleId: Map<string, number>): { see: Rule[]; apply: Rule[] } {
  const role = (code: string): Rule[] => (roleId.get(code) ? [{ subject: 'role', subjectId: roleId.get(code)! }] : []);
  const staff = [...role('staff'), ...role('counsellor'), ...role('college_leader'), ...role('dorm_office')];
  if (who === 'staff') return { see: staff, apply: staff };
  if (who === 'student') return { see: [{ subject: 'public', subjectId: 0 }], apply: role('student') };
  return { see: [{ subject: 'public', subjectId: 0 }], apply: [{ subject: 'user', subjectId: 0 }] };
}

export const demoSeed: DemoSeed = async ({ tx, now, adminId }) => {
  const depts = new Map(
    (await tx.selectFrom('department').select(['id', 'name']).execute()).map((d) => [d.name, Number(d.id)]),
  );
  const roleId = new Map(
    (await tx.selectFrom('role').select(['id', 'code']).execute()).map((r) => [r.code, Number(r.id)]),
  );
  const itemId = new Map<string, number>();
  const boundProcesses = new Set<number>();
  let sort = 0;
  for (const s of ITEMS) {
    const departmentId = depts.get(s.dept);
    if (!departmentId) continue; // the small organisation has four offices and four colleges
    let formId: number | null = null;
    let processId: number | null = null;
    if (s.form) {
      const form = await findFormIdByName(tx, s.form);
      if (form && form.latestVersion !== null) {
        formId = Number(form.id);
        const p = (await publishedProcessesOfForm(tx, formId)).find((x) => !boundProcesses.has(Number(x.id)));
        processId = p ? Number(p.id) : null;
        if (processId) boundProcesses.add(processId);
      }
    }
    // Online only with a published form; an item whose form is not there is handled at the window.
    let modes = s.modes.filter((m) => m !== 'online' || formId !== null);
    if (!modes.length) modes = ['offline'];
    const g = guideOf({ ...s, modes });
    const aud = audiencesOf(s.who);
    sort += 10;
    const id = await repo.insertItem(tx, {
      name: s.name,
      summary: s.summary,
      departmentId,
      theme: s.theme,
      forStudent: aud.includes('student') ? 1 : 0,
      forStaff: aud.includes('staff') ? 1 : 0,
      forVisitor: aud.includes('visitor') ? 1 : 0,
      forAlumni: aud.includes('alumni') ? 1 : 0,
      modeOnline: modes.includes('online') ? 1 : 0,
      modeOffline: modes.includes('offline') ? 1 : 0,
      modeBooking: modes.includes('booking') ? 1 : 0,
      ...g,
      mapUploadId: null,
      formId,
      processId,
      issuesPermit: s.permit ? 1 : 0,
      permitTitle: s.permit ?? null,
      status: 'published',
      sort,
      useCount: 0,
      createdBy: adminId,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    });
    const rules = rulesOf(s.who, roleId);
    await repo.replaceRules(tx, id, rules.see, rules.apply);
    itemId.set(s.name, id);
  }

  // Use counts: a spread that makes 热门事项 meaningful, and the demo student's and teacher's own uses.
  const users = new Map(
    (
      await tx
        .selectFrom('appUser')
        .select(['id', 'username'])
        .where('username', 'in', ['student', 'teacher'])
        .execute()
    ).map((u) => [u.username, Number(u.id)]),
  );
  const uses: [string, string, number][] = [
    ['student', '学生请假', 6],
    ['student', '在读证明开具', 3],
    ['student', '宿舍报修', 2],
    ['student', '校园网开户', 1],
    ['teacher', '差旅费报销', 4],
    ['teacher', '在职证明开具', 2],
    ['teacher', 'VPN 账号申请', 1],
  ];
  for (const [user, item, count] of uses) {
    const userId = users.get(user);
    const id = itemId.get(item);
    if (!userId || !id) continue;
    await tx.insertInto('svcItemUse').values({ userId, itemId: id, count, lastUsedAt: now }).execute();
  }
  let rank = itemId.size;
  for (const id of itemId.values()) {
    // Everybody's uses: earlier items (the common ones) more, deterministic.
    await tx
      .updateTable('svcItem')
      .set({ useCount: 20 + ((rank * 37) % 180) })
      .where('id', '=', id)
      .execute();
    rank--;
  }
  const favorites: [string, string][] = [
    ['student', '学生请假'],
    ['student', '在读证明开具'],
    ['student', '国家助学金申请'],
    ['teacher', '差旅费报销'],
    ['teacher', '调课申请'],
  ];
  for (const [user, item] of favorites) {
    const userId = users.get(user);
    const id = itemId.get(item);
    if (userId && id) await tx.insertInto('svcFavorite').values({ userId, itemId: id, createdAt: now }).execute();
  }

  for (const id of itemId.values()) {
    const row = (await repo.itemRow(tx, id))!;
    await indexItem(tx, row, await repo.rulesOf(tx, id));
  }

  for (const [i, sp] of SPECIALS.entries()) {
    const values = {
      name: sp.name,
      summary: sp.summary,
      bannerUploadId: null,
      intro: sp.intro,
      steps: JSON.stringify(sp.steps),
      status: 'published',
      sort: (i + 1) * 10,
      createdAt: now,
      updatedAt: now,
    };
    const id = await repo.insertSpecial(tx, values);
    await repo.replaceSpecialItems(
      tx,
      id,
      sp.items.flatMap((n) => itemId.get(n) ?? []),
    );
    await indexSpecial(tx, { id, ...values });
  }
};
