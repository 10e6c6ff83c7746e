import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { getDraft } from '@/modules/forms/api';
import { FormFillView } from '../components/form-fill/form-fill-view';
import s from './fill-pages.module.css';

/** /web/taskCenter/taskFormEdit?draftId=N: continue a server draft on the version it was saved with. */
export default function TaskFormEditPage() {
  const [params] = useSearchParams();
  const draftId = Number(params.get('draftId'));
  const valid = Number.isInteger(draftId) && draftId > 0;
  const draft = useQuery({
    queryKey: ['forms', 'draft', draftId],
    queryFn: () => getDraft(draftId).then((r) => r.data),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
  });
  let body;
  if (!valid)
    body = (
      <Card>
        <Result status="warning" title="缺少草稿编号" subTitle="请从“我的草稿”中选择要继续的草稿" />
      </Card>
    );
  else if (draft.isPending)
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  else if (draft.isError)
    body = (
      <Card>
        <Result
          status="warning"
          title="无法打开草稿"
          subTitle={draft.error instanceof Error && draft.error.message ? draft.error.message : '草稿不存在或已提交'}
        />
      </Card>
    );
  else
    body = (
      <FormFillView
        key={draft.data.id}
        formId={draft.data.formId}
        version={draft.data.version}
        initial={draft.data.values}
        draftId={draft.data.id}
      />
    );
  return <div className={s.page}>{body}</div>;
}
