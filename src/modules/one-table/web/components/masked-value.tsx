import { useState } from 'react';
import { Button, Typography } from 'antd';
import { revealValue } from '../../api';
import type { DataValue } from '../../contract';

/** A value; masked ones show ****** and a 查看 button that asks the server (audited). */
export function MaskedValue({
  v,
  tableCode,
  rowId,
  userNo,
}: {
  v: DataValue;
  tableCode: string;
  rowId: number;
  userNo?: string;
}) {
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!v.masked) return <span>{v.value || <Typography.Text type="secondary">—</Typography.Text>}</span>;
  if (shown !== null) return <span>{shown || '—'}</span>;
  return (
    <span>
      ******{' '}
      <Button
        type="link"
        size="small"
        loading={busy}
        aria-label={`查看${v.label}`}
        onClick={() => {
          setBusy(true);
          revealValue({ tableCode, rowId, field: v.name, ...(userNo ? { userNo } : {}) })
            .then((r) => setShown(r.data.value))
            .finally(() => setBusy(false));
        }}
      >
        查看
      </Button>
    </span>
  );
}
