/** Beijing time of an instant: 'YYYY-MM-DD HH:mm' (or the date only). */
export const time = (ms: number | null | undefined, dateOnly = false) =>
  ms === null || ms === undefined
    ? ''
    : new Date(ms + 8 * 3600_000)
        .toISOString()
        .slice(0, dateOnly ? 10 : 16)
        .replace('T', ' ');
export const yuan = (n: number) => `¥${n.toFixed(2)}`;
export const WEEKDAYS = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
export const TXN_KIND_LABELS: Record<string, string> = {
  canteen: '餐饮',
  shop: '购物',
  bath: '洗浴',
  recharge: '充值',
};
