import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, List, Toast } from 'antd-mobile';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import { clearFootprints, listFootprints } from '../../api';
import { time } from '../../web/components/format';
import { PhoneFrame } from '../components/phone-frame';

/** /mobile/myFootprint: what I opened in the last 90 days; clearable. */
export default function MobileFootprintPage() {
  const qc = useQueryClient();
  const list = usePhoneList(['userCenter', 'footprints', 'phone'], (page) =>
    listFootprints({ page, pageSize: 20 }).then((r) => r.data),
  );
  const clear = useMutation({
    mutationFn: clearFootprints,
    onSuccess: () => {
      Toast.show({ content: '足迹已清空' });
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  return (
    <PhoneFrame
      title="我的足迹"
      right={
        <Button
          size="mini"
          fill="none"
          onClick={() => void Dialog.confirm({ content: '清空全部足迹？' }).then((y) => y && clear.mutate())}
        >
          清空
        </Button>
      }
    >
      <PhoneListBody list={list} label="足迹" empty="暂无足迹" unit="条">
        {list.rows.map((f) => (
          <List.Item key={f.id} description={time(f.visitedAt)}>
            {f.title}
          </List.Item>
        ))}
      </PhoneListBody>
    </PhoneFrame>
  );
}
