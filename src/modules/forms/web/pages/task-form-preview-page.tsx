import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { getSubmission } from '@/modules/forms/api';
import { FormRenderer } from '../components/form-renderer';
import s from './fill-pages.module.css';

/** /web/taskCenter/taskFormPreview?id=N: a stored submission, read-only, with its form, version, submitter and time. */
export default function TaskFormPreviewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const sub = useQuery({
    queryKey: ['forms', 'submission', id],
    queryFn: () => getSubmission(id).then((r) => r.data),
    enabled: valid,
    retry: false,
  });
  let body;
  if (!valid) body = <Result status="warning" title="缺少提交编号" />;
  else if (sub.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (sub.isError)
    body = (
      <Result
        status="warning"
        title="无法查看"
        subTitle={sub.error instanceof Error && sub.error.message ? sub.error.message : '提交记录不存在'}
      />
    );
  else {
    const d = sub.data;
    body = (
      <>
        <header className={s.previewHead}>
          <Typography.Title level={3} className={s.previewTitle}>
            {d.formName}
          </Typography.Title>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, md: 4 }}
            items={[
              { key: 'version', label: '表单版本', children: `第 ${d.version} 版` },
              {
                key: 'submitter',
                label: '提交人',
                children: d.submitter.userNo
                  ? `${d.submitter.name}（${d.submitter.userNo}）`
                  : d.submitter.name || '访客',
              },
              { key: 'time', label: '提交时间', children: dayjs(d.submittedAt).format('YYYY-MM-DD HH:mm:ss') },
              { key: 'no', label: '提交编号', children: d.id },
            ]}
          />
        </header>
        <FormRenderer schema={d.schema} values={d.values} mode="readOnly" />
      </>
    );
  }
  return (
    <div className={s.page}>
      <Card>{body}</Card>
    </div>
  );
}
