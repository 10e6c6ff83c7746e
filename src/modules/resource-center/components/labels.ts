import dayjs from 'dayjs';

export const time = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');

export const fileSize = (n: number) =>
  n <= 0
    ? ''
    : n < 1024
      ? `${n} B`
      : n < 1024 * 1024
        ? `${(n / 1024).toFixed(1)} KB`
        : `${(n / 1024 / 1024).toFixed(1)} MB`;

export const LINK_STATUS_LABELS: Record<string, { text: string; color: string }> = {
  active: { text: '有效', color: 'green' },
  expired: { text: '已过期', color: 'default' },
  exhausted: { text: '次数已用完', color: 'orange' },
  revoked: { text: '已撤销', color: 'red' },
};
