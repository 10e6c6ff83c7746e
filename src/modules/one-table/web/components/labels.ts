import type { CorrectionState, WriteState } from '../../contract';

/** Beijing time as lists show it. */
export const time = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export const STATE_COLORS: Record<CorrectionState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};
export const WRITE_COLORS: Record<WriteState, string> = { none: 'default', written: 'success', failed: 'error' };

export const CORRECTION_PAGE = '/web/oneTablePlatform/errorCorrectionPage';
export const RECORD_PAGE = '/web/oneTablePlatform/errorCorrectionRecord';
export const correctionLink = (tableCode: string, rowId: number, field: string) =>
  `${CORRECTION_PAGE}?table=${encodeURIComponent(tableCode)}&row=${rowId}&field=${encodeURIComponent(field)}`;
