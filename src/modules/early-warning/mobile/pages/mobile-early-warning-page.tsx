import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List, NavBar, Popup, Selector, Skeleton, Steps, Tag, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { MobileInput, MobileTextArea } from '@/core/ui/mobile-text-input';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import s from '@/core/ui/phone-page.module.css';
import { fetchWarning, fetchWarnings, recordCare, recordVisit } from '../../api';
import { CARE_ACTION_LABELS, LIST_TITLES, STATUS_LABELS, type RuleList, type WarningStatus } from '../../contract';
import { cell, time } from '../../components/format';

/** The lists a counsellor works on a phone (精准资助 stays on the desk: it is the funding office's). */
const PHONE_LISTS: RuleList[] = [
  'lateBackWarning',
  'unBackWarning',
  'absentWarning',
  'disContactWarning',
  'solitaryWarning',
  'studyWarning',
];
const COLORS: Record<WarningStatus, string> = { open: 'warning', closed: 'success', escalated: 'danger' };
type Act = 'contact' | 'visit' | 'close';
const ACT_TITLES: Record<Act, string> = { contact: '记录联系', visit: '记录走访宿舍', close: '关闭预警' };

function CareSheet({
  id,
  studentNo,
  act,
  onClose,
}: {
  id: number;
  studentNo: string;
  act: Act | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [place, setPlace] = useState('');
  const save = useMutation({
    mutationFn: () =>
      act === 'visit'
        ? recordVisit({ studentNo, place: place.trim(), content: text.trim(), warningId: id })
        : recordCare({ warningId: id, action: act!, content: text.trim() }),
    onSuccess: () => {
      Toast.show({ icon: 'success', content: '已保存' });
      void qc.invalidateQueries({ queryKey: ['earlyWarning'] });
      setText('');
      setPlace('');
      onClose();
    },
  });
  return (
    <Popup
      visible={act !== null}
      onMaskClick={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className={s.body}>
        <h3 style={{ margin: '0 0 12px' }}>{act ? ACT_TITLES[act] : ''}</h3>
        {act === 'visit' && (
          <div style={{ marginBottom: 12 }}>
            <MobileInput
              aria-label="走访地点"
              placeholder="走访地点，如：梅园1号楼 203"
              maxLength={60}
              value={place}
              onChange={setPlace}
            />
          </div>
        )}
        <MobileTextArea
          aria-label="情况说明"
          placeholder="情况说明"
          rows={4}
          maxLength={500}
          showCount
          value={text}
          onChange={setText}
        />
        <Button
          block
          color="primary"
          style={{ marginTop: 12 }}
          disabled={!text.trim() || (act === 'visit' && !place.trim())}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          保存
        </Button>
      </div>
    </Popup>
  );
}

function Detail({ id }: { id: number }) {
  const [act, setAct] = useState<Act | null>(null);
  const q = useQuery({ queryKey: ['earlyWarning', 'detail', id], queryFn: () => fetchWarning(id).then((r) => r.data) });
  if (q.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (!q.data) return <ErrorBlock status="default" title="无法查看该预警" description="" />;
  const w = q.data;
  return (
    <>
      <List header={`${LIST_TITLES[w.list]} · ${w.studentName}（${w.studentNo}）`}>
        <List.Item description={w.reason}>
          {w.collegeName} <Tag color={COLORS[w.status]}>{STATUS_LABELS[w.status]}</Tag>
        </List.Item>
      </List>
      {w.canAct && (
        <div className={s.body} style={{ display: 'flex', gap: 8 }}>
          <Button size="small" color="primary" onClick={() => setAct('visit')}>
            走访宿舍
          </Button>
          <Button size="small" onClick={() => setAct('contact')}>
            记录联系
          </Button>
          <Button size="small" onClick={() => setAct('close')}>
            关闭预警
          </Button>
        </div>
      )}
      <List header={`证据（${w.evidence.rows.length} 条）`}>
        {w.evidence.rows.slice(0, 20).map((r, i) => (
          <List.Item key={i}>
            {w.evidence.columns.map((c) => `${c.title} ${cell(c.key, r[c.key])}`).join(' · ')}
          </List.Item>
        ))}
      </List>
      <List header="关怀记录">
        {w.care.length ? (
          <div className={s.body}>
            <Steps direction="vertical">
              {w.care.map((c) => (
                <Steps.Step
                  key={c.id}
                  status="finish"
                  title={`${CARE_ACTION_LABELS[c.action as keyof typeof CARE_ACTION_LABELS] ?? c.action} · ${c.actorName}`}
                  description={`${time(c.at)} ${c.content}`}
                />
              ))}
            </Steps>
          </div>
        ) : (
          <List.Item>暂无关怀记录</List.Item>
        )}
      </List>
      <CareSheet id={id} studentNo={w.studentNo} act={act} onClose={() => setAct(null)} />
    </>
  );
}

function WarningList({ list, onOpen }: { list: RuleList; onOpen: (id: number) => void }) {
  const rows = usePhoneList(['earlyWarning', 'phone', list], (page) =>
    fetchWarnings({ list, page, pageSize: 20, status: 'open' }).then((r) => r.data),
  );
  return (
    <PhoneListBody list={rows} label={LIST_TITLES[list]} empty="暂无跟进中的预警" unit="人">
      {rows.rows.map((w) => (
        <List.Item key={w.id} className={s.row} description={w.reason} onClick={() => onOpen(w.id)}>
          {w.studentName}（{w.studentNo}）
        </List.Item>
      ))}
    </PhoneListBody>
  );
}

/** /mobile/earlyWarning: a counsellor's warning lists on the phone (?list=), and a warning's care record (?id=). */
export default function MobileEarlyWarningPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const list = (PHONE_LISTS as string[]).includes(params.get('list') ?? '')
    ? (params.get('list') as RuleList)
    : PHONE_LISTS[0]!;
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => (id ? navigate(-1) : navigate('/mobile/home'))}>
        {id ? '预警详情' : '学生预警'}
      </NavBar>
      {id ? (
        <Detail id={id} />
      ) : (
        <>
          <div className={s.search}>
            <Selector
              columns={3}
              value={[list]}
              onChange={(v) => v[0] && setParams({ list: v[0] }, { replace: true })}
              options={PHONE_LISTS.map((l) => ({ value: l, label: LIST_TITLES[l] }))}
            />
          </div>
          <WarningList list={list} onOpen={(w) => setParams({ list, id: String(w) })} />
        </>
      )}
    </div>
  );
}
