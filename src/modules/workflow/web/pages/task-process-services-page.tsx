import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Pagination, Result, Skeleton, Tag, Typography } from 'antd';
import { startableProcesses } from '@/modules/workflow/api';
import { errorText } from '@/modules/workflow/components/labels';
import { formWritePath } from '../paths';
import s from '../components/approval.module.css';
import { SearchInput } from '@/core/ui/text-input';

const PAGE_SIZE = 12;

/** /web/taskCenter/taskProcessServices: the processes this user may start; each opens its form to fill. */
export default function TaskProcessServicesPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['workflow', 'startable', keyword, page],
    queryFn: () => startableProcesses({ page, pageSize: PAGE_SIZE, keyword: keyword || undefined }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

  let body;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError)
    body = <Result status="warning" title="加载失败" subTitle={errorText(list.error, '请稍后重试')} />;
  else if (!list.data.list.length) body = <Empty description={keyword ? '没有符合条件的服务' : '暂无可办理的服务'} />;
  else {
    body = (
      <>
        <div className={s.grid}>
          {list.data.list.map((p) => (
            <Card
              key={p.processId}
              size="small"
              className={s.serviceCard}
              title={p.formName}
              extra={p.category ? <Tag>{p.category}</Tag> : null}
              actions={[
                <Button key="go" type="link" onClick={() => navigate(formWritePath(p.formId))}>
                  立即办理
                </Button>,
              ]}
            >
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className={s.serviceDesc}>
                {p.description || '暂无说明'}
              </Typography.Paragraph>
              <Typography.Text type="secondary">审批流程：{p.processName}</Typography.Text>
            </Card>
          ))}
        </div>
        <Pagination
          className={s.pager}
          current={page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          showTotal={(t) => `共 ${t} 项`}
          onChange={setPage}
          hideOnSinglePage
        />
      </>
    );
  }
  return (
    <div className={s.page}>
      <Card
        title="办事服务"
        extra={
          <SearchInput
            allowClear
            placeholder="搜索服务"
            style={{ width: 240 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            aria-label="搜索服务"
          />
        }
      >
        {body}
      </Card>
    </div>
  );
}
