import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { List, NavBar, Tabs, Tag } from 'antd-mobile';
import dayjs from 'dayjs';
import '@/core/ui/antd-mobile-setup';
import { phoneLink } from '@/shared/approval-links';
import { PhoneListBody, PhoneSearch, usePhoneList } from '@/core/ui/phone-list';
import { listFillableForms, listMySubmissions } from '@/modules/forms/api';
import type { MySubmissionStatus } from '@/modules/forms/contract';
import s from '@/core/ui/phone-page.module.css';

const PAGE_SIZE = 20;
const TABS = ['fillable', 'mine'] as const;
type Tab = (typeof TABS)[number];

const TONE_COLOURS: Record<MySubmissionStatus['tone'], string> = {
  processing: 'primary',
  success: 'success',
  warning: 'warning',
  error: 'danger',
  default: 'default',
};

function FillableTab() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const list = usePhoneList(['forms', 'fillable', 'phone', keyword], (page) =>
    listFillableForms({ page, pageSize: PAGE_SIZE, keyword: keyword || undefined }).then((r) => r.data),
  );
  return (
    <>
      <PhoneSearch placeholder="搜索表单名称" label="搜索表单" onSearch={setKeyword} />
      <PhoneListBody
        list={list}
        label="可填写的表单"
        empty={keyword ? `没有找到与「${keyword}」相关的表单` : '暂无可填写的表单'}
        unit="个"
      >
        {list.rows.map((f) => {
          // 未开始 / 已截止: listed with why, not opened for filling.
          const open = f.state === 'open';
          return (
            <List.Item
              key={f.id}
              className={s.row}
              onClick={open ? () => navigate(`/mobile/formWrite?formId=${f.id}`) : undefined}
              arrowIcon={open ? undefined : false}
              description={
                f.state === 'notOpen' && f.opensAt !== null ? (
                  <span className={s.meta}>{dayjs(f.opensAt).format('YYYY-MM-DD HH:mm')} 开始填写</span>
                ) : (
                  f.description || undefined
                )
              }
              extra={
                !open ? (
                  <Tag color={f.state === 'notOpen' ? 'primary' : 'default'} fill="outline">
                    {f.state === 'notOpen' ? '未开始' : '已截止'}
                  </Tag>
                ) : f.category ? (
                  <Tag color="primary" fill="outline">
                    {f.category}
                  </Tag>
                ) : undefined
              }
            >
              {f.name}
            </List.Item>
          );
        })}
      </PhoneListBody>
    </>
  );
}

function MineTab() {
  const navigate = useNavigate();
  const list = usePhoneList(['forms', 'mine', 'phone'], (page) =>
    listMySubmissions({ page, pageSize: PAGE_SIZE }).then((r) => r.data),
  );
  return (
    <PhoneListBody list={list} label="我的提交" empty="暂无提交记录" unit="条">
      {list.rows.map((r) => {
        const to = r.status?.link ? phoneLink(r.status.link) : null;
        const opens = !!to?.startsWith('/mobile/');
        return (
          <List.Item
            key={r.id}
            className={s.row}
            onClick={opens ? () => navigate(to!) : undefined}
            arrowIcon={opens ? undefined : false}
            description={<span className={s.meta}>提交于 {dayjs(r.submittedAt).format('YYYY-MM-DD HH:mm')}</span>}
            extra={
              <Tag color={TONE_COLOURS[r.status?.tone ?? 'default']} fill="outline">
                {r.status?.text ?? '已提交'}
              </Tag>
            }
          >
            {r.formName}
          </List.Item>
        );
      })}
    </PhoneListBody>
  );
}

/**
 * /mobile/myForms 填写表单 on the phone: the forms I may fill (tap: /mobile/formWrite) and my
 * submissions with where each stands (tap: its approval progress). `?formId=N` opens that form.
 */
export default function MobileMyFormsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const formId = params.get('formId');
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'fillable';
  if (formId && /^[1-9]\d{0,9}$/.test(formId)) return <Navigate to={`/mobile/formWrite?formId=${formId}`} replace />;
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        填写表单
      </NavBar>
      <Tabs className={s.tabs} activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        <Tabs.Tab key="fillable" title="可填写的表单" />
        <Tabs.Tab key="mine" title="我的提交" />
      </Tabs>
      {tab === 'fillable' ? <FillableTab /> : <MineTab />}
    </div>
  );
}
