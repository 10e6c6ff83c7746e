import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { List, NavBar, Tag } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { startableProcesses } from '@/modules/workflow/api';
import { PhoneListBody, PhoneSearch, usePhoneList } from '@/core/ui/phone-list';
import { MOBILE_HOME } from '../paths';
import s from '@/core/ui/phone-page.module.css';

const PAGE_SIZE = 20;

/**
 * /mobile/processServices 办事服务 on the phone: the processes I may start (search, scroll for
 * more); a tap opens the form to fill on /mobile/formWrite, whose submission starts the process.
 */
export default function MobileProcessServicesPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const list = usePhoneList(['workflow', 'startable', 'phone', keyword], (page) =>
    startableProcesses({ page, pageSize: PAGE_SIZE, keyword: keyword || undefined }).then((r) => r.data),
  );
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate(MOBILE_HOME)}>
        办事服务
      </NavBar>
      <PhoneSearch placeholder="搜索服务名称" label="搜索服务" onSearch={setKeyword} />
      <PhoneListBody
        list={list}
        label="可办理的服务"
        empty={keyword ? '没有符合条件的服务' : '暂无可办理的服务'}
        unit="项"
      >
        {list.rows.map((p) => (
          <List.Item
            key={p.processId}
            className={s.row}
            onClick={() => navigate(`/mobile/formWrite?formId=${p.formId}`)}
            description={
              <span className={s.meta}>
                <span>{p.description || '暂无说明'}</span>
                <span>审批流程：{p.processName}</span>
              </span>
            }
            extra={
              p.category ? (
                <Tag color="primary" fill="outline">
                  {p.category}
                </Tag>
              ) : undefined
            }
          >
            {p.formName}
          </List.Item>
        ))}
      </PhoneListBody>
    </div>
  );
}
