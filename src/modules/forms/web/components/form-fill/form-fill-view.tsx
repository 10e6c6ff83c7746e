import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { FormValues } from '@/shared/forms/schema';
import { isPhone, prefersMobile, rememberDevice } from '@/core/routing/device-choice';
import { openForm } from '@/modules/forms/api';
import { SUBMIT_LIMIT_LABELS } from '@/modules/forms/contract';
import { useFillOutcome } from '@/modules/forms/components/use-fill-outcome';
import { useFormFill } from '@/modules/forms/components/use-form-fill';
import { FormRenderer } from '../form-renderer';
import { FormRefusal } from './form-refusal';
import s from './form-fill-view.module.css';

export const RESTORE_QUESTION = '恢复上次未提交的内容？';

interface Props {
  formId: number;
  /** A server draft is continued on the version it was saved with. */
  version?: number;
  initial?: FormValues;
  draftId?: number;
}

/**
 * Opening and filling one published form on the desktop: the form's title and description, the
 * restore offer of the autosaved draft, the renderer, 提交 (and 保存草稿 when signed in), the
 * success page. formWrite, taskFormWrite?formId= and taskFormEdit all show this.
 */
export function FormFillView({ formId, version, initial, draftId }: Props) {
  const queryKey = ['forms', 'open', formId, version ?? null];
  const opened = useQuery({
    queryKey,
    queryFn: () => openForm(formId, version).then((r) => r.data),
    retry: false,
    staleTime: Infinity,
  });
  const form = opened.data;
  const fill = useFormFill(form, { initial, draftId });
  const { message } = App.useApp();
  const { done, submit, saveDraft, fillAgain } = useFillOutcome(fill, form, {
    reportInvalid: (text) => message.error(text),
    draftSaved: (info) =>
      message.success(`草稿已保存（${dayjs(info.savedAt).format('HH:mm:ss')}），可在“我的草稿”中继续填写`),
  });
  // The phone page fills new submissions; a server draft is continued here.
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && !draftId && isPhone());
  const navigate = useNavigate();
  const toMobile = () => {
    rememberDevice('mobile');
    navigate(`/mobile/formWrite?formId=${formId}`, { replace: true });
  };
  const stayDesktop = () => {
    rememberDevice('desktop');
    setPhone(false);
  };
  // A phone that chose the phone pages before goes there at once (like the login page).
  useEffect(() => {
    if (phone && prefersMobile()) toMobile();
    // decided once, when the page opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (opened.isPending)
    return (
      <Card className={s.card}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  // 401 (a signedIn form without a session) is handled by the request layer: it goes to sign in with `to`.
  if (opened.isError || !form) return <FormRefusal formId={formId} error={opened.error} queryKey={queryKey} />;

  if (done) {
    return (
      <Card className={s.card}>
        <Result
          status="success"
          title="提交成功"
          subTitle={`「${form.name}」已于 ${dayjs(done.submittedAt).format('YYYY-MM-DD HH:mm:ss')} 提交`}
          extra={
            <Space wrap>
              {done.follow && (
                <Link to={done.follow.link}>
                  <Button type="primary">{done.follow.label}</Button>
                </Link>
              )}
              {fill.signedIn && (
                <Link to={`/web/taskCenter/taskFormPreview?id=${done.id}`}>
                  <Button type={done.follow ? 'default' : 'primary'}>查看我的提交</Button>
                </Link>
              )}
              <Button onClick={fillAgain}>再填一份</Button>
            </Space>
          }
        />
      </Card>
    );
  }

  return (
    <Card className={s.card}>
      {phone && (
        // The offer sits at the left: the desktop frame is wider than a phone, whose screen shows its left part.
        <Alert
          className={s.notice}
          type="info"
          showIcon
          icon={<MobileOutlined />}
          title={
            <Space wrap size={[12, 8]}>
              <span>在手机上填写更方便</span>
              <Button type="primary" onClick={toMobile}>
                使用手机版填写
              </Button>
              <Button type="link" onClick={stayDesktop}>
                继续使用电脑版
              </Button>
            </Space>
          }
        />
      )}
      {fill.restorable && (
        <Alert
          className={s.notice}
          type="warning"
          showIcon
          title={RESTORE_QUESTION}
          description={`自动保存于 ${dayjs(fill.restorable.savedAt).format('YYYY-MM-DD HH:mm')}`}
          action={
            <Space orientation="vertical" size={4}>
              <Button size="small" type="primary" onClick={fill.restore}>
                恢复
              </Button>
              <Button size="small" onClick={fill.discard}>
                不用了
              </Button>
            </Space>
          }
        />
      )}
      <header className={s.header}>
        <Typography.Title level={3} className={s.title}>
          {form.name}
        </Typography.Title>
        {form.description && (
          <Typography.Paragraph type="secondary" className={s.description}>
            {form.description}
          </Typography.Paragraph>
        )}
        {(form.closesAt !== null || form.submitLimit !== 'none') && (
          <Typography.Paragraph type="secondary" className={s.closes}>
            {[
              form.closesAt !== null && `截止时间：${dayjs(form.closesAt).format('YYYY-MM-DD HH:mm')}`,
              form.submitLimit !== 'none' && SUBMIT_LIMIT_LABELS[form.submitLimit],
            ]
              .filter(Boolean)
              .join('　')}
          </Typography.Paragraph>
        )}
      </header>
      <FormRenderer
        schema={form.schema}
        values={fill.values}
        onChange={fill.change}
        errors={fill.errors}
        upload={fill.upload}
        pickers={fill.pickers}
      />
      <div className={s.actions}>
        {fill.signedIn && (
          <Button size="large" loading={fill.savingDraft} onClick={() => void saveDraft()}>
            保存草稿
          </Button>
        )}
        <Button size="large" type="primary" loading={fill.submitting} onClick={() => void submit()}>
          {form.schema.submitText || '提交'}
        </Button>
      </div>
    </Card>
  );
}
