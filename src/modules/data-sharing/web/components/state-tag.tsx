import { Tag } from 'antd';
import { APPLY_STATE_LABELS, type ApplyState } from '../../contract';

const COLORS: Record<ApplyState, string> = {
  approving: 'processing',
  approved: 'success',
  rejected: 'error',
  revoked: 'default',
  expired: 'warning',
};

export const StateTag = ({ state }: { state: ApplyState }) => (
  <Tag color={COLORS[state]}>{APPLY_STATE_LABELS[state]}</Tag>
);

export const time = (ms: number | null) =>
  ms ? new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : '';
