import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { DislikeOutlined, LikeOutlined, RobotOutlined } from '@ant-design/icons';
import { stripEmoji } from '@/shared/emoji';
import { SearchInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import html from '@/core/ui/rich-text-editor.module.css';
import { ask, getQuestion, listCategories, listQuestions, submitQuestion, vote } from '@/modules/assistant/api';
import type { AskAnswer } from '@/modules/assistant/contract';
import { Highlighted } from '../../components/highlight';
import s from './assistant-page.module.css';

const PAGE_SIZE = 10;

/**
 * /web/intelligentAssistant/index 智能助手 (public): a question box answered from the FAQ (the
 * portal search), common questions by category, the answer with "was this helpful". State of the
 * list and the open question lives in the URL (?c=&page=&id=).
 */
export default function AssistantPage() {
  const [params, setParams] = useSearchParams();
  const categoryId = Number(params.get('c')) || undefined;
  const page = Number(params.get('page')) || 1;
  const selected = Number(params.get('id')) || null;
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<{ text: string; answer: AskAnswer } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const qc = useQueryClient();

  const update = (next: Record<string, string | number | null | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: true });
  };

  const categories = useQuery({
    queryKey: ['assistant', 'categories'],
    queryFn: () => listCategories().then((r) => r.data),
  });
  const query = { categoryId, page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['assistant', 'questions', query],
    queryFn: () => listQuestions(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({
    queryKey: ['assistant', 'detail', selected],
    queryFn: () => getQuestion(selected!).then((r) => r.data),
    enabled: selected !== null,
  });

  const askIt = useMutation({
    mutationFn: (t: string) => ask(t).then((r) => r.data),
    onSuccess: (answer, t) => {
      setAsked({ text: t, answer });
      setSubmitted(answer.logged);
      if (answer.best) {
        qc.setQueryData(['assistant', 'detail', answer.best.id], answer.best);
        update({ id: answer.best.id });
      }
    },
  });
  const submit = useMutation({
    mutationFn: (t: string) => submitQuestion(t),
    onSuccess: (r) => {
      setSubmitted(true);
      toast.success(r.message || '已提交');
    },
  });
  const voteIt = useMutation({
    mutationFn: (helpful: boolean) => vote(selected!, helpful).then((r) => r.data),
    onSuccess: (counts, helpful) => {
      qc.setQueryData(['assistant', 'detail', selected], { ...detail.data!, ...counts, myVote: helpful });
      toast.success(helpful ? '感谢您的反馈' : '感谢反馈，我们会改进这条解答');
    },
  });

  const onAsk = (v: string) => {
    const t = v.trim();
    if (t) askIt.mutate(t);
  };

  return (
    <div className={s.page}>
      <div className={s.hero}>
        <Typography.Title level={2} className={s.heroTitle}>
          <RobotOutlined /> 智能助手
        </Typography.Title>
        <div className={s.heroSub}>有问题尽管问，支持关键词、整句提问和拼音首字母</div>
        <SearchInput
          className={s.ask}
          size="large"
          allowClear
          enterButton="提问"
          placeholder="例如：校园卡丢了怎么补办？"
          value={text}
          maxLength={200}
          aria-label="输入您的问题"
          loading={askIt.isPending}
          onChange={(e) => setText(stripEmoji(e.target.value))}
          onSearch={onAsk}
        />
        {asked && (
          <div className={s.reply} aria-live="polite">
            <div className={s.bubbleUser}>{asked.text}</div>
            <div className={s.bubbleBot}>
              {asked.answer.best ? (
                <>
                  <div>
                    为您找到最相关的解答：<Typography.Text strong>{asked.answer.best.question}</Typography.Text>
                    （见下方）
                  </div>
                  {asked.answer.matches.length > 1 && (
                    <>
                      <div style={{ marginTop: 8 }}>您可能还想问：</div>
                      <ul className={s.matches}>
                        {asked.answer.matches.slice(1).map((m) => (
                          <li key={m.id}>
                            <Typography.Link onClick={() => update({ id: m.id })}>
                              <Highlighted text={m.question} ranges={m.highlight} />
                            </Typography.Link>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  <div style={{ marginTop: 8 }}>
                    {submitted ? (
                      <Tag color="success">问题已提交给后台，我们会尽快补充解答</Tag>
                    ) : (
                      <Button size="small" loading={submit.isPending} onClick={() => submit.mutate(asked.text)}>
                        没有解决？把问题提交给后台
                      </Button>
                    )}
                  </div>
                </>
              ) : (
                <Alert
                  type="info"
                  showIcon
                  title="暂时没有找到答案"
                  description="您的问题已记录并提交给后台，工作人员会尽快补充解答；登录后提问，解答后会通过站内消息通知您。"
                />
              )}
            </div>
          </div>
        )}
      </div>
      <div className={s.body}>
        <Card title="常见问题">
          <div className={s.categories}>
            <Tag.CheckableTag checked={!categoryId} onChange={() => update({ c: null, page: null })}>
              全部
            </Tag.CheckableTag>
            {(categories.data ?? []).map((c) => (
              <Tag.CheckableTag
                key={c.id}
                checked={categoryId === c.id}
                onChange={() => update({ c: c.id, page: null })}
              >
                {c.name}（{c.count}）
              </Tag.CheckableTag>
            ))}
          </div>
          {list.isPending ? (
            <Skeleton active />
          ) : list.data?.list.length ? (
            <nav aria-label="常见问题列表">
              {list.data.list.map((q) => (
                <button
                  key={q.id}
                  type="button"
                  className={`${s.item} ${selected === q.id ? s.itemActive : ''}`}
                  onClick={() => update({ id: q.id })}
                >
                  {q.question}
                  <span className={s.itemMeta}>
                    {q.categoryName} · {q.viewCount} 次浏览 · {q.helpfulCount} 人觉得有帮助
                  </span>
                </button>
              ))}
              {list.data.total > PAGE_SIZE && (
                <Pagination
                  className={s.pager}
                  simple
                  current={page}
                  pageSize={PAGE_SIZE}
                  total={list.data.total}
                  onChange={(p) => update({ page: p })}
                />
              )}
            </nav>
          ) : (
            <Empty description="暂无常见问题" />
          )}
        </Card>
        <Card className={s.reader}>
          {selected === null ? (
            <Empty description="在上方提问，或从左侧选择一个常见问题" />
          ) : detail.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : detail.isError ? (
            <Empty description="该问题不存在或已下线" />
          ) : (
            <article>
              <Typography.Title level={3} style={{ marginTop: 0 }}>
                {detail.data.question}
              </Typography.Title>
              <div className={s.readerMeta}>
                {detail.data.categoryName} · {detail.data.viewCount} 次浏览
              </div>
              {/* Safe: answers are sanitised by the server (src/server/rich-text) when saved. */}
              <div className={html.html} dangerouslySetInnerHTML={{ __html: detail.data.answer }} />
              <div className={s.vote}>
                <span>这条解答对您有帮助吗？</span>
                <Space>
                  <Button
                    icon={<LikeOutlined />}
                    type={detail.data.myVote === true ? 'primary' : 'default'}
                    loading={voteIt.isPending && voteIt.variables === true}
                    onClick={() => voteIt.mutate(true)}
                  >
                    有帮助（{detail.data.helpfulCount}）
                  </Button>
                  <Button
                    icon={<DislikeOutlined />}
                    type={detail.data.myVote === false ? 'primary' : 'default'}
                    loading={voteIt.isPending && voteIt.variables === false}
                    onClick={() => voteIt.mutate(false)}
                  >
                    没帮助（{detail.data.unhelpfulCount}）
                  </Button>
                </Space>
              </div>
            </article>
          )}
        </Card>
      </div>
    </div>
  );
}
