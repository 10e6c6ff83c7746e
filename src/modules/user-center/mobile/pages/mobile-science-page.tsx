import { useState } from 'react';
import { List, Tabs } from 'antd-mobile';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import { listScience } from '../../api';
import type { ScienceKind } from '../../contract';
import { PhoneFrame, phone } from '../components/phone-frame';

const LABELS: Record<ScienceKind, string> = { project: '项目', paper: '论文', award: '获奖' };

/** /mobile/myScience (staff): projects, papers and awards. */
export default function MobileSciencePage() {
  const [kind, setKind] = useState<ScienceKind>('project');
  const list = usePhoneList(['userCenter', 'science', 'phone', kind], (page) =>
    listScience({ kind, page, pageSize: 20 }).then((r) => r.data),
  );
  const sub = (r: Record<string, unknown>) =>
    kind === 'project'
      ? `${String(r.level)} · ${String(r.funding)} 万元 · ${String(r.status)}`
      : kind === 'paper'
        ? `${String(r.journal)} · ${String(r.publishedDate)}`
        : `${String(r.level)} ${String(r.grade)} · ${String(r.awardedDate)}`;
  return (
    <PhoneFrame title="我的科研">
      <Tabs className={phone.tabs} activeKey={kind} onChange={(k) => setKind(k as ScienceKind)}>
        {(Object.keys(LABELS) as ScienceKind[]).map((k) => (
          <Tabs.Tab title={LABELS[k]} key={k} />
        ))}
      </Tabs>
      <PhoneListBody list={list} label={LABELS[kind]} empty={`暂无${LABELS[kind]}`} unit="项">
        {list.rows.map((r) => (
          <List.Item key={r.key} description={sub(r)}>
            {r.title}
          </List.Item>
        ))}
      </PhoneListBody>
    </PhoneFrame>
  );
}
