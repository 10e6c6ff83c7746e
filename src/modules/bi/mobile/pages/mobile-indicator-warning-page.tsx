import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, List, NavBar, Popup, Tag, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { MobileTextArea } from '@/core/ui/mobile-text-input';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import s from '@/core/ui/phone-page.module.css';
import { acknowledgeWarning, listWarnings } from '../../api';
import { LEVEL_LABELS, type Level, type WarningItem } from '../../contract';
import { amount, time } from '../../components/format';

const LEVEL_TAG: Record<Level, string> = { info: 'primary', warning: 'warning', critical: 'danger' };

function AckSheet({ w, onClose }: { w: WarningItem | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const ack = useMutation({
    mutationFn: () => acknowledgeWarning({ id: w!.id, note: note.trim() }),
    onSuccess: () => {
      Toast.show({ icon: 'success', content: '已确认' });
      void qc.invalidateQueries({ queryKey: ['bi', 'phone'] });
      setNote('');
      onClose();
    },
  });
  return (
    <Popup visible={w !== null} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className={s.body}>
        <h3 style={{ margin: '0 0 12px' }}>确认预警{w ? `：${w.indicatorName}` : ''}</h3>
        <MobileTextArea
          aria-label="处理说明"
          placeholder="处理说明：已知晓的原因、已采取的措施"
          rows={4}
          maxLength={500}
          showCount
          value={note}
          onChange={setNote}
        />
        <Button
          block
          color="primary"
          style={{ marginTop: 12 }}
          disabled={!note.trim()}
          loading={ack.isPending}
          onClick={() => ack.mutate()}
        >
          确认
        </Button>
      </div>
    </Popup>
  );
}

/** /mobile/biIndicatorWarning: an owner's open indicator warnings on the phone, with 确认. */
export default function MobileIndicatorWarningPage() {
  const navigate = useNavigate();
  const [acking, setAcking] = useState<WarningItem | null>(null);
  const rows = usePhoneList(['bi', 'phone', 'open'], (page) =>
    listWarnings({ page, pageSize: 20, status: 'open' }).then((r) => r.data),
  );
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        指标预警
      </NavBar>
      <PhoneListBody list={rows} label="待确认的指标预警" empty="暂无待确认的指标预警" unit="条">
        {rows.rows.map((w) => (
          <List.Item
            key={w.id}
            className={s.row}
            description={
              <>
                <div>
                  {w.period}：{amount(w.value, w.unit)}，{w.bound === 'upper' ? '高于上限' : '低于下限'}{' '}
                  {amount(w.threshold, w.unit)}；最新 {amount(w.latestValue, w.unit)}
                </div>
                <div>
                  {time(w.openedAt)} 已通知 {w.notified.map((n) => n.name).join('、') || '—'}
                </div>
              </>
            }
            extra={
              <Button size="small" color="primary" onClick={() => setAcking(w)}>
                确认
              </Button>
            }
          >
            <Tag color={LEVEL_TAG[w.level]}>{LEVEL_LABELS[w.level]}</Tag> {w.indicatorName}
          </List.Item>
        ))}
      </PhoneListBody>
      <AckSheet w={acking} onClose={() => setAcking(null)} />
    </div>
  );
}
