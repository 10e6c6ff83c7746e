import { sanitizeRichText } from '@/server/rich-text/sanitize';

/**
 * Demo notices and news of the university (fictional, written for this demo). content is
 * HTML of the kind the rich-text editor produces: paragraphs only. daysAgo places them in
 * time relative to the seed, so the newest-first list reads like a live site.
 */
export interface NoticeSeed {
  kind: 'notice' | 'news';
  title: string;
  summary: string;
  paragraphs: string[];
  daysAgo: number;
  status: 'published' | 'draft';
}

export const NOTICES: readonly NoticeSeed[] = [
  {
    kind: 'notice',
    status: 'published',
    daysAgo: 1,
    title: '关于2026—2027学年寒假放假安排的通知',
    summary: '学生寒假自2027年1月16日起至2月28日止，3月1日正式上课。',
    paragraphs: [
      '各学院、各部门：',
      '根据学校2026—2027学年校历安排，经研究决定，现将寒假放假有关事项通知如下：',
      '一、学生于2027年1月16日（星期六）开始放假，2月27日（星期六）、28日（星期日）报到注册，3月1日（星期一）正式上课。',
      '二、教职工于2027年1月23日（星期六）开始放假，2月26日（星期五）正常上班。',
      '三、各单位要在放假前组织开展安全检查，做好防火、防盗、防汛等工作，确保假期校园安全稳定。',
      '四、假期留校学生须在“学生服务平台”提交留校申请，由学院审核后报学生工作处备案。',
      '特此通知。',
    ],
  },
  {
    kind: 'notice',
    status: 'published',
    daysAgo: 3,
    title: '关于做好2026年秋季学期期末考试工作的通知',
    summary: '期末考试安排在第18—19周进行，请各学院于第15周前提交考试安排。',
    paragraphs: [
      '各学院：',
      '2026年秋季学期期末考试定于第18—19周（2027年1月4日至1月15日）进行。请各学院于第15周周五前通过教务系统提交课程考试安排，并做好命题、审题及试卷保密工作。',
      '考生须携带学生证和身份证参加考试，严格遵守考场纪律。对违反考试纪律的行为，学校将依据《华夏理工大学学生违纪处分办法》严肃处理。',
      '教务处',
    ],
  },
  {
    kind: 'notice',
    status: 'published',
    daysAgo: 5,
    title: '关于开展2026年度家庭经济困难学生认定工作的通知',
    summary: '认定工作于12月10日前完成，学生通过平台在线提交申请材料。',
    paragraphs: [
      '各学院：',
      '为做好家庭经济困难学生资助工作，学校将开展2026年度家庭经济困难学生认定工作。学生本人登录“学生服务平台”在线填写认定申请表，上传相关证明材料。',
      '各学院成立认定评议小组，辅导员负责组织班级民主评议，评议结果在学院范围内公示不少于5个工作日。',
      '请各学院于12月10日前将认定结果报学生工作处资助管理中心。',
    ],
  },
  {
    kind: 'notice',
    status: 'published',
    daysAgo: 8,
    title: '关于统一身份认证系统升级维护的通知',
    summary: '11月底进行统一身份认证升级，期间部分业务系统可能短暂无法登录。',
    paragraphs: [
      '全校师生：',
      '为进一步提升网络与信息安全水平，信息化办公室将于本周六22:00至次日02:00对统一身份认证系统进行升级维护。维护期间综合服务平台、教务系统等业务系统可能短暂无法登录，请提前做好工作安排。',
      '升级完成后，首次登录的用户请按照提示修改初始密码。如有疑问，请拨打信息化办公室服务热线。',
    ],
  },
  {
    kind: 'notice',
    status: 'published',
    daysAgo: 12,
    title: '关于冬季宿舍安全用电检查的通知',
    summary: '后勤保障处将联合学院对学生宿舍开展安全用电专项检查。',
    paragraphs: [
      '各学院、全体住宿学生：',
      '进入冬季，宿舍用电负荷增加。为消除安全隐患，后勤保障处、宿管办将联合各学院于下周开展学生宿舍安全用电专项检查，重点检查违规使用大功率电器、私拉乱接电线等情况。',
      '请同学们自觉遵守宿舍管理规定，共同营造安全的住宿环境。',
    ],
  },
  {
    kind: 'notice',
    status: 'published',
    daysAgo: 20,
    title: '关于2027届毕业生就业信息统计工作的通知',
    summary: '请2027届毕业生于月底前在平台完善就业意向信息。',
    paragraphs: [
      '各学院：',
      '为做好2027届毕业生就业指导与服务工作，请各学院组织毕业生登录综合服务平台，完善个人就业意向、实习经历等信息。辅导员负责督促本班学生按时完成填报。',
    ],
  },
  {
    kind: 'news',
    status: 'published',
    daysAgo: 2,
    title: '我校学子在全国大学生数学建模竞赛中获佳绩',
    summary: '我校12支参赛队伍获国家级一等奖2项、二等奖3项。',
    paragraphs: [
      '近日，2026年全国大学生数学建模竞赛成绩揭晓。我校共有12支队伍参赛，获得国家一等奖2项、国家二等奖3项，获奖数量创历史新高。',
      '理学院、计算机科学与技术学院的指导教师团队在赛前组织了为期两个月的集中培训，内容涵盖优化模型、统计分析和论文写作等方面。',
    ],
  },
  {
    kind: 'news',
    status: 'published',
    daysAgo: 6,
    title: '学校召开2026年教育数字化转型推进会',
    summary: '会议总结了“一网通办”建设成效，部署下一阶段重点任务。',
    paragraphs: [
      '11月中旬，学校召开教育数字化转型推进会。会议总结了综合服务平台建设以来“一网通办”的成效：已上线办事事项156项，师生线上办理率超过九成。',
      '会议要求，各部门要持续推进数据共享和流程再造，让数据多跑路、师生少跑腿。',
    ],
  },
  {
    kind: 'news',
    status: 'published',
    daysAgo: 10,
    title: '机械工程学院与多家企业共建实习实训基地',
    summary: '新增5家校外实习实训基地，覆盖智能制造、新能源汽车等领域。',
    paragraphs: [
      '机械工程学院日前与5家企业签署校企合作协议，共建实习实训基地，覆盖智能制造、新能源汽车、工业机器人等领域。',
      '双方将在人才培养、科研合作和就业推荐等方面开展深度合作。',
    ],
  },
  {
    kind: 'news',
    status: 'published',
    daysAgo: 15,
    title: '外国语学院举办第十届“外语文化节”',
    summary: '文化节包括演讲比赛、配音大赛和国际文化展等活动。',
    paragraphs: [
      '外国语学院第十届“外语文化节”于本月开幕，为期两周，活动包括英语演讲比赛、影视配音大赛、国际文化展等，吸引了全校近千名学生参与。',
    ],
  },
  {
    kind: 'news',
    status: 'published',
    daysAgo: 25,
    title: '图书馆24小时自习室正式开放',
    summary: '新建自习室提供座位320个，师生可通过平台预约。',
    paragraphs: [
      '图书馆一楼24小时自习室近日正式开放，共设座位320个，配备智能照明和新风系统。师生可通过综合服务平台预约座位。',
    ],
  },
  {
    kind: 'notice',
    status: 'draft',
    daysAgo: 0,
    title: '关于2027年春季学期开学工作安排的通知（草稿）',
    summary: '草稿，尚未发布。',
    paragraphs: ['各学院、各部门：开学工作安排正在征求意见，发布前请勿转发。'],
  },
];

// Through the same sanitiser as the back office's saves, so seeded content obeys the same rules.
export const noticeHtml = (n: NoticeSeed) => sanitizeRichText(n.paragraphs.map((p) => `<p>${p}</p>`).join(''));
