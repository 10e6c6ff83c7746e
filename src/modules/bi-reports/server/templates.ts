import type { ReportColumn, ReportDesign, ReportGroup, ReportParam } from '../contract';

/**
 * The templates the demo (and any installation that wants them) starts from, over the data centre's
 * synced tables: 校园卡 (`ykt_card`), 一卡通流水 (`ykt_txn`, amounts negative for spending) and
 * 住宿床位 (`mj_bed`).
 */
const measure = (
  label: string,
  aggregation: NonNullable<ReportColumn['aggregation']>,
  field: string | null,
  decimals = 0,
): ReportColumn => ({ label, aggregation, field, decimals, thousands: true });
const plain = (label: string, field: string): ReportColumn => ({
  label,
  aggregation: null,
  field,
  decimals: 0,
  thousands: false,
});
const group = (label: string, field: string, grain: ReportGroup['grain'] = null): ReportGroup => ({
  label,
  field,
  grain,
});
const param = (p: Omit<ReportParam, 'required'> & { required?: boolean }): ReportParam => ({ required: false, ...p });

export interface TemplateDef {
  name: string;
  description: string;
  design: ReportDesign;
}

export const STUDENTS_BY_COLLEGE: TemplateDef = {
  name: '按学院统计学生人数',
  description: '校园卡持卡人按身份、学院统计人数（去重学号/工号），每个身份一个小计，最后合计。',
  design: {
    table: 'ykt_card',
    groups: [group('身份', 'holder_kind')],
    columns: [plain('学院', 'unit_name'), measure('人数', 'countDistinct', 'holder_no')],
    params: [param({ name: 'kind', label: '身份', field: 'holder_kind', op: 'eq', defaultValue: '学生' })],
    sort: { column: 1, desc: true },
    showTotal: true,
  },
};

export const CANTEEN_MONTHLY: TemplateDef = {
  name: '一卡通按食堂按月消费汇总',
  description: '一卡通流水按商户、月份汇总笔数、金额（消费为负）、笔均与消费人数；类别默认“食堂”，可选交易日期范围。',
  design: {
    table: 'ykt_txn',
    groups: [group('商户', 'merchant_name'), group('月份', 'occurred_at', 'month')],
    columns: [
      measure('笔数', 'count', null),
      measure('金额（元）', 'sum', 'amount', 2),
      measure('笔均（元）', 'avg', 'amount', 2),
      measure('消费人数', 'countDistinct', 'card_no'),
    ],
    params: [
      param({ name: 'kind', label: '类别', field: 'kind', op: 'eq', defaultValue: 'canteen' }),
      param({ name: 'dates', label: '交易日期', field: 'occurred_at', op: 'range', defaultValue: ['', ''] }),
    ],
    sort: { column: -1, desc: false },
    showTotal: true,
  },
};

export const DORM_OCCUPANCY: TemplateDef = {
  name: '宿舍入住统计',
  description: '住宿床位按楼栋、房间统计床位数与已入住人数（学号不为空），每栋楼一个小计。',
  design: {
    table: 'mj_bed',
    groups: [group('楼栋编号', 'building_id')],
    columns: [plain('房间号', 'room_no'), measure('床位数', 'count', null), measure('已入住', 'count', 'student_no')],
    params: [
      param({ name: 'building', label: '楼栋', field: 'building_id', op: 'eq', defaultValue: '' }),
      param({ name: 'checkin', label: '入住日期', field: 'check_in_date', op: 'range', defaultValue: ['', ''] }),
    ],
    sort: { column: -1, desc: false },
    showTotal: true,
  },
};

export const TEMPLATES: TemplateDef[] = [STUDENTS_BY_COLLEGE, CANTEEN_MONTHLY, DORM_OCCUPANCY];
