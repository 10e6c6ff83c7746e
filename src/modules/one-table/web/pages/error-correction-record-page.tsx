import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { listMine } from '../../api';
import type { CorrectionItem } from '../../contract';
import { CorrectionDetail } from '../components/correction-detail';
import { CorrectionList } from '../components/correction-list';

/** /web/oneTablePlatform/errorCorrectionRecord: my requests, their state and the approver's answer. */
export default function ErrorCorrectionRecordPage() {
  const [open, setOpen] = useState<CorrectionItem | null>(null);
  return (
    <>
      <CorrectionList
        title="纠错记录"
        queryKey="mine"
        load={listMine}
        leading={[]}
        trailing={[
          { title: '审核意见', dataIndex: 'answer', ellipsis: true },
          {
            title: '操作',
            key: 'op',
            render: (_, c) => (
              <Button type="link" size="small" onClick={() => setOpen(c)}>
                详情
              </Button>
            ),
          },
        ]}
      />
      <Drawer title="纠错详情" size={520} open={!!open} onClose={() => setOpen(null)}>
        {open && <CorrectionDetail c={open} />}
      </Drawer>
    </>
  );
}
