import { Tag } from 'antd';
import { RELEASE_STATUS_LABELS, type ReleaseStatus } from '../contract';

const COLORS: Record<ReleaseStatus, string> = {
  approving: 'processing',
  scheduled: 'blue',
  sending: 'cyan',
  sent: 'success',
  withdrawn: 'default',
  rejected: 'error',
};

export function StatusTag({ status }: { status: ReleaseStatus }) {
  return <Tag color={COLORS[status]}>{RELEASE_STATUS_LABELS[status]}</Tag>;
}
