import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { MobileTextArea } from '@/core/ui/mobile-text-input';
import s from '../mobile.module.css';

export type Decision = 'approve' | 'reject';

interface Props {
  decision: Decision | null;
  title: string;
  busy: boolean;
  /** A vote node: 退回 is a vote against ('反对'). */
  vote?: boolean;
  onClose: () => void;
  onConfirm: (comment: string) => void;
}

/** The comment sheet of 同意 / 退回 (a reason is required to return a request or vote against it). */
export function DecisionPopup({ decision, title, busy, vote, onClose, onConfirm }: Props) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const reject = decision === 'reject';
  const no = vote ? '反对' : '退回';
  const confirm = () => {
    if (reject && !comment.trim()) {
      setError(`请填写${no}原因`);
      return;
    }
    onConfirm(comment.trim());
  };
  return (
    <Popup
      visible={!!decision}
      onMaskClick={onClose}
      bodyClassName={s.sheet}
      afterClose={() => {
        setComment('');
        setError('');
      }}
    >
      <div className={s.sheetTitle}>
        {reject ? no : '同意'}：{title}
      </div>
      <MobileTextArea
        placeholder={reject ? `${no}原因（必填）` : '审批意见（选填）'}
        value={comment}
        maxLength={1000}
        rows={4}
        showCount
        onChange={(v) => {
          setComment(v);
          setError('');
        }}
        aria-label="审批意见"
      />
      {error && (
        <div className={s.error} role="alert">
          {error}
        </div>
      )}
      <div className={s.sheetActions}>
        <Button block size="large" onClick={onClose}>
          取消
        </Button>
        <Button block size="large" color={reject ? 'danger' : 'primary'} loading={busy} onClick={confirm}>
          {reject ? `确认${no}` : '确认同意'}
        </Button>
      </div>
    </Popup>
  );
}
