import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, CapsuleTabs, ErrorBlock, List, NavBar, Popup, Result, Skeleton, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import frame from '@/core/ui/phone-page.module.css';
import { MobileSearchBar } from '@/core/ui/mobile-text-input';
import { ask, getQuestion, listCategories, listQuestions, submitQuestion, vote } from '@/modules/assistant/api';
import type { AskAnswer } from '@/modules/assistant/contract';
import s from './mobile-assistant.module.css';

/** /mobile/intelligentAssistant: ask a question, browse the common questions by category, read an answer. */
export default function MobileAssistantPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [category, setCategory] = useState<string>('all');
  const [answer, setAnswer] = useState<{ text: string; a: AskAnswer } | null>(null);
  const [sent, setSent] = useState(false);

  const categories = useQuery({
    queryKey: ['assistant', 'categories'],
    queryFn: () => listCategories().then((r) => r.data),
  });
  const q = { categoryId: category === 'all' ? undefined : Number(category), page: 1, pageSize: 50 };
  const list = useQuery({
    queryKey: ['assistant', 'questions', q],
    queryFn: () => listQuestions(q).then((r) => r.data),
  });
  const askIt = useMutation({
    mutationFn: (t: string) => ask(t).then((r) => r.data),
    onSuccess: (a, t) => {
      setAnswer({ text: t, a });
      setSent(a.logged);
    },
  });
  const submit = useMutation({
    mutationFn: (t: string) => submitQuestion(t),
    onSuccess: () => {
      setSent(true);
      Toast.show({ content: '已提交给后台' });
    },
  });
  const open = (id: number | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('id', String(id));
    else p.delete('id');
    setParams(p, { replace: true });
  };

  return (
    <div className={frame.page}>
      <NavBar className={frame.nav} onBack={() => navigate('/mobile/home')}>
        智能助手
      </NavBar>
      <div className={s.askBox}>
        <MobileSearchBar
          placeholder="输入问题，如：校园卡丢了怎么办"
          maxLength={200}
          onSearch={(v) => v.trim() && askIt.mutate(v.trim())}
        />
      </div>
      {askIt.isPending && (
        <div className={s.reply}>
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      )}
      {answer && !askIt.isPending && (
        <div className={s.reply} aria-live="polite">
          <div className={s.meta}>您问：{answer.text}</div>
          {answer.a.best ? (
            <>
              <h3>{answer.a.best.question}</h3>
              {/* Sanitised by the server when saved (src/server/rich-text). */}
              <div className={s.html} dangerouslySetInnerHTML={{ __html: answer.a.best.answer }} />
              {answer.a.matches.length > 1 && (
                <List header="您可能还想问">
                  {answer.a.matches.slice(1).map((m) => (
                    <List.Item key={m.id} onClick={() => open(m.id)}>
                      {m.question}
                    </List.Item>
                  ))}
                </List>
              )}
              <div className={s.actions}>
                {sent ? (
                  <span className={s.meta}>问题已提交给后台</span>
                ) : (
                  <Button size="small" loading={submit.isPending} onClick={() => submit.mutate(answer.text)}>
                    没有解决？提交给后台
                  </Button>
                )}
              </div>
            </>
          ) : (
            <Result status="info" title="暂时没有找到答案" description="问题已提交给后台，我们会尽快补充解答" />
          )}
        </div>
      )}
      <div className={frame.tabs}>
        <CapsuleTabs activeKey={category} onChange={setCategory}>
          <CapsuleTabs.Tab key="all" title="全部" />
          {(categories.data ?? []).map((c) => (
            <CapsuleTabs.Tab key={String(c.id)} title={c.name} />
          ))}
        </CapsuleTabs>
      </div>
      {list.isPending ? (
        <div className={s.reply}>
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : !list.data?.list.length ? (
        <ErrorBlock status="empty" title="暂无常见问题" description="" />
      ) : (
        <List>
          {list.data.list.map((m) => (
            <List.Item key={m.id} onClick={() => open(m.id)} description={`${m.categoryName} · ${m.viewCount} 次浏览`}>
              {m.question}
            </List.Item>
          ))}
        </List>
      )}
      <Popup
        visible={openId !== null}
        onMaskClick={() => open(null)}
        bodyStyle={{ maxHeight: '80vh', overflowY: 'auto' }}
      >
        {openId !== null && <AnswerSheet id={openId} onClose={() => open(null)} />}
      </Popup>
    </div>
  );
}

function AnswerSheet({ id, onClose }: { id: number; onClose: () => void }) {
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: ['assistant', 'detail', id],
    queryFn: () => getQuestion(id).then((r) => r.data),
  });
  const voteIt = useMutation({
    mutationFn: (helpful: boolean) => vote(id, helpful).then((r) => r.data),
    onSuccess: (counts, helpful) => {
      qc.setQueryData(['assistant', 'detail', id], { ...detail.data!, ...counts, myVote: helpful });
      Toast.show({ content: '感谢您的反馈' });
    },
  });
  if (detail.isPending)
    return (
      <div className={s.reply}>
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  if (detail.isError) return <ErrorBlock status="default" title="该问题不存在或已下线" description="" />;
  const d = detail.data;
  return (
    <div className={s.reply}>
      <h3>{d.question}</h3>
      <div className={s.meta}>
        {d.categoryName} · {d.viewCount} 次浏览
      </div>
      {/* Sanitised by the server when saved (src/server/rich-text). */}
      <div className={s.html} dangerouslySetInnerHTML={{ __html: d.answer }} />
      <div className={s.actions}>
        <Button size="small" color={d.myVote === true ? 'primary' : 'default'} onClick={() => voteIt.mutate(true)}>
          有帮助 {d.helpfulCount}
        </Button>
        <Button size="small" color={d.myVote === false ? 'primary' : 'default'} onClick={() => voteIt.mutate(false)}>
          没帮助 {d.unhelpfulCount}
        </Button>
        <Button size="small" fill="none" onClick={onClose}>
          关闭
        </Button>
      </div>
    </div>
  );
}
