import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, NavBar, NoticeBar, Result, Skeleton, Toast } from 'antd-mobile';
import { MobileInput } from '@/core/ui/mobile-text-input';
import { LockOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import '@/core/ui/antd-mobile-setup';
import { phoneLink } from '@/shared/approval-links';
import { openForm } from '@/modules/forms/api';
import { useFillOutcome } from '@/modules/forms/components/use-fill-outcome';
import { fillRefusal } from '@/modules/forms/components/fill-refusal';
import { useFormFill } from '@/modules/forms/components/use-form-fill';
import { useFormUnlock } from '@/modules/forms/components/use-form-unlock';
import { MobileFormRenderer } from '../components/mobile-form-renderer';
import s from './mobile-form-write-page.module.css';

export const RESTORE_QUESTION = '恢复上次未提交的内容？';

/** A password form (0x00000964): the password box, the same unlock step as the desktop page; the right one opens the form in place. */
function PasswordBox({ formId, queryKey }: { formId: number; queryKey: readonly unknown[] }) {
  const { password, setPassword, wrong, busy, unlock } = useFormUnlock(formId, queryKey);
  return (
    <div className={s.body}>
      <Result
        icon={<LockOutline />}
        status="info"
        title="该表单需要访问密码"
        description="请输入表单发布者提供的访问密码"
      />
      <div className={s.password}>
        <MobileInput
          type="password"
          aria-label="访问密码"
          placeholder="访问密码"
          value={password}
          onChange={setPassword}
          onEnterPress={() => void unlock()}
          clearable
        />
      </div>
      {wrong && (
        <div className={s.wrong} role="alert">
          {wrong}
        </div>
      )}
      <Button
        block
        color="primary"
        size="large"
        className={s.gap}
        loading={busy}
        disabled={!password}
        onClick={() => void unlock()}
      >
        确定
      </Button>
    </div>
  );
}

/** /mobile/formWrite?formId=N (public): the antd-mobile fill page, submit bar at the bottom. */
export default function MobileFormWritePage() {
  const [params] = useSearchParams();
  const formId = Number(params.get('formId'));
  const valid = Number.isInteger(formId) && formId > 0;
  const navigate = useNavigate();
  const queryKey = ['forms', 'open', formId, null];
  const opened = useQuery({
    queryKey,
    queryFn: () => openForm(formId).then((r) => r.data),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
  });
  const form = opened.data;
  const fill = useFormFill(form);
  const { done, submit, saveDraft, fillAgain } = useFillOutcome(fill, form, {
    reportInvalid: (content) => Toast.show({ icon: 'fail', content }),
    draftSaved: () => Toast.show({ icon: 'success', content: '草稿已保存' }),
  });

  const back = () =>
    window.history.length > 1 ? navigate(-1) : navigate(fill.signedIn ? '/mobile/home' : '/mobile/mobileLogin');
  const bar = (
    <NavBar className={s.nav} onBack={back}>
      {form?.name ?? '填写表单'}
    </NavBar>
  );

  if (!valid || opened.isError) {
    // Why it is refused (不在适用范围内, 未开始, 已截止, 已提交过), in the server's words.
    const refusal = valid ? fillRefusal(opened.error) : null;
    if (refusal?.kind === 'password')
      return (
        <div className={s.page}>
          {bar}
          <PasswordBox formId={formId} queryKey={queryKey} />
        </div>
      );
    const text = refusal ? refusal.text : '缺少表单编号，请向发布者确认表单链接';
    return (
      <div className={s.page}>
        {bar}
        <ErrorBlock status="default" title={refusal?.title ?? '无法打开表单'} description={text} />
      </div>
    );
  }
  if (opened.isPending || !form) {
    return (
      <div className={s.page}>
        {bar}
        <div className={s.body}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      </div>
    );
  }

  if (done) {
    return (
      <div className={s.page}>
        {bar}
        <Result
          status="success"
          title="提交成功"
          description={`「${form.name}」已于 ${dayjs(done.submittedAt).format('YYYY-MM-DD HH:mm:ss')} 提交`}
        />
        <div className={s.body}>
          {done.follow && (
            <Button
              block
              size="large"
              color="primary"
              className={s.gap}
              onClick={() => navigate(phoneLink(done.follow!.link))}
            >
              {done.follow.label}
            </Button>
          )}
          <Button block size="large" onClick={fillAgain}>
            再填一份
          </Button>
          {fill.signedIn && (
            <Button block size="large" fill="none" className={s.gap} onClick={() => navigate('/mobile/home')}>
              返回首页
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={s.page}>
      {bar}
      {fill.restorable && (
        <div className={s.restore} role="alert">
          <span>{RESTORE_QUESTION}</span>
          <span className={s.restoreTime}>自动保存于 {dayjs(fill.restorable.savedAt).format('MM-DD HH:mm')}</span>
          <div className={s.restoreButtons}>
            <Button size="small" color="primary" onClick={fill.restore}>
              恢复
            </Button>
            <Button size="small" onClick={fill.discard}>
              不用了
            </Button>
          </div>
        </div>
      )}
      <div className={s.body}>
        {form.description && <NoticeBar className={s.description} content={form.description} color="info" wrap />}
        <MobileFormRenderer
          schema={form.schema}
          values={fill.values}
          onChange={fill.change}
          errors={fill.errors}
          upload={fill.upload}
          pickers={fill.pickers}
        />
      </div>
      <div className={s.submitBar}>
        {fill.signedIn && (
          <Button className={s.draftButton} size="large" loading={fill.savingDraft} onClick={() => void saveDraft()}>
            保存草稿
          </Button>
        )}
        <Button
          className={s.submitButton}
          size="large"
          color="primary"
          loading={fill.submitting}
          loadingText="提交中"
          onClick={() => void submit()}
        >
          {form.schema.submitText || '提交'}
        </Button>
      </div>
    </div>
  );
}
