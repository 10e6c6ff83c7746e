import { Alert, Button, Card, Descriptions, Result, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { getSubmission } from '@/modules/forms/api';
import { FormRenderer } from '../form-renderer';
import s from './summary.module.css';

export interface SubmissionDetailViewProps {
  /** The face's summary page (formSummary or formSummaryAdmin), where 返回汇总 goes. */
  summaryPath: string;
}

/** One submission (?id=) as its form version showed it, read-only, with who sent it and when. */
export function SubmissionDetailView({ summaryPath }: SubmissionDetailViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const detail = useQuery({
    queryKey: ['forms', 'submission', id],
    queryFn: () => getSubmission(id!).then((r) => r.data),
    enabled: id !== null,
    retry: false,
  });

  // Came from the summary: go back to it as it was (page, filters); opened directly: the form's summary.
  const back = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(detail.data ? `${summaryPath}?formId=${detail.data.formId}` : summaryPath);
  };
  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={back}>
      返回汇总
    </Button>
  );

  if (id === null) {
    return (
      <Card className={s.page}>
        <Result
          status="warning"
          title="缺少提交记录编号"
          subTitle="请从表单汇总中打开一条提交记录"
          extra={backButton}
        />
      </Card>
    );
  }
  if (detail.isError) {
    return (
      <Card className={s.page}>
        <Result status="error" title="无法查看该提交记录" subTitle={detail.error.message} extra={backButton} />
      </Card>
    );
  }
  const d = detail.data;
  return (
    <Card className={s.page} title={d ? `${d.formName} · 提交详情` : '提交详情'} extra={backButton}>
      {!d ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} className={s.meta}>
            <Descriptions.Item label="提交人">{d.submitter.name || '匿名'}</Descriptions.Item>
            <Descriptions.Item label="学工号">{d.submitter.userNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{dayjs(d.submittedAt).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
            <Descriptions.Item label="表单版本">v{d.version}</Descriptions.Item>
          </Descriptions>
          {d.submitter.id === null && (
            <Alert type="info" showIcon className={s.alert} title="该表单公开填写，此记录由未登录的访客提交" />
          )}
          <div className={s.document}>
            <FormRenderer schema={d.schema} values={d.values} mode="readOnly" />
          </div>
        </>
      )}
    </Card>
  );
}
