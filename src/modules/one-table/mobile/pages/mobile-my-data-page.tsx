import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  ErrorBlock,
  Form,
  ImageUploader,
  List,
  NavBar,
  Popup,
  Skeleton,
  Tabs,
  Tag,
  Toast,
  type ImageUploadItem,
} from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { getMyData, listMine, revealValue, submitCorrection, uploadEvidence } from '../../api';
import { CORRECTION_STATE_LABELS, type DataGroupView, type DataRowView, type DataValue } from '../../contract';
import s from './mobile-one-table.module.css';
import { MobileInput, MobileTextArea } from '@/core/ui/mobile-text-input';

const time = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

interface Target {
  g: DataGroupView;
  r: DataRowView;
  v: DataValue;
}

function CorrectionForm({ t, onDone }: { t: Target; onDone: () => void }) {
  const qc = useQueryClient();
  const [files, setFiles] = useState<ImageUploadItem[]>([]);
  const submit = useMutation({
    mutationFn: (v: { newValue: string; reason: string }) =>
      submitCorrection({
        tableCode: t.g.tableCode,
        rowId: t.r.rowId,
        field: t.v.name,
        newValue: v.newValue,
        reason: v.reason,
        evidence: files.map((f) => f.extra as string),
      }),
    onSuccess: (r) => {
      Toast.show({ icon: 'success', content: r.message || '已提交' });
      void qc.invalidateQueries({ queryKey: ['oneTable'] });
      onDone();
    },
  });
  return (
    <div className={s.form}>
      <Form
        layout="vertical"
        onFinish={(v: { newValue: string; reason: string }) => submit.mutate(v)}
        footer={
          <Button block type="submit" color="primary" loading={submit.isPending}>
            提交纠错申请
          </Button>
        }
      >
        <Form.Header>
          纠错：{t.g.title} · {t.v.label}
        </Form.Header>
        <Form.Item label="当前值">{t.v.masked ? '******' : t.v.value || '—'}</Form.Item>
        <Form.Item
          name="newValue"
          label="正确值"
          rules={[{ required: true, whitespace: true, message: '请填写正确值' }]}
        >
          <MobileInput placeholder="填写正确的值" maxLength={500} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="纠错理由"
          rules={[{ required: true, whitespace: true, min: 2, message: '请填写纠错理由' }]}
        >
          <MobileTextArea placeholder="说明错误原因" maxLength={500} rows={3} />
        </Form.Item>
        <Form.Item label="证明材料（图片）">
          <ImageUploader
            value={files}
            onChange={setFiles}
            maxCount={5}
            upload={async (file) => {
              const r = await uploadEvidence(file);
              return { url: r.data.url, extra: r.data.id };
            }}
          />
        </Form.Item>
      </Form>
    </div>
  );
}

function Value({ g, r, v, onCorrect }: Target & { onCorrect: (t: Target) => void }) {
  const [shown, setShown] = useState<string | null>(null);
  const text = v.masked ? (shown ?? '******') : v.value || '—';
  return (
    <List.Item
      extra={
        v.pending ? (
          <Tag color="primary">审核中</Tag>
        ) : v.correctable ? (
          <a role="button" onClick={() => onCorrect({ g, r, v })}>
            纠错
          </a>
        ) : null
      }
      description={
        v.masked && shown === null ? (
          <a
            role="button"
            onClick={() =>
              void revealValue({ tableCode: g.tableCode, rowId: r.rowId, field: v.name }).then((x) =>
                setShown(x.data.value),
              )
            }
          >
            查看
          </a>
        ) : undefined
      }
    >
      <span className={s.meta}>{v.label}</span>
      <div className={s.value}>{text}</div>
    </List.Item>
  );
}

/** /mobile/myDataCenter: my data by group, a correction request from any correctable value, my requests. */
export default function MobileMyDataPage() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target | null>(null);
  const data = useQuery({ queryKey: ['oneTable', 'myData'], queryFn: () => getMyData().then((r) => r.data) });
  const q = { page: 1, pageSize: 50 };
  const mine = useQuery({ queryKey: ['oneTable', 'mine', q], queryFn: () => listMine(q).then((r) => r.data) });
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        我的数据
      </NavBar>
      <Tabs>
        <Tabs.Tab title="我的数据" key="data">
          {data.isPending ? (
            <div className={s.body}>
              <Skeleton.Paragraph lineCount={6} animated />
            </div>
          ) : !data.data ? (
            <ErrorBlock status="default" />
          ) : (
            <>
              <div className={s.person}>
                {data.data.person.name} · {data.data.person.userNo}
                {data.data.person.department ? ` · ${data.data.person.department}` : ''}
              </div>
              {data.data.groups.map((g) => (
                <List
                  key={g.key}
                  header={
                    <>
                      {g.title}
                      <div className={s.meta}>{g.available ? `来源：${g.source}` : '尚未接入数据中心'}</div>
                    </>
                  }
                >
                  {g.rows.length === 0 && <List.Item>{g.available ? '暂无数据' : '—'}</List.Item>}
                  {g.rows.flatMap((r) =>
                    r.values.map((v) => <Value key={`${r.rowId}-${v.name}`} g={g} r={r} v={v} onCorrect={setTarget} />),
                  )}
                </List>
              ))}
            </>
          )}
        </Tabs.Tab>
        <Tabs.Tab title="纠错记录" key="records">
          {!mine.data?.list.length ? (
            <ErrorBlock status="empty" title="暂无纠错申请" description="" />
          ) : (
            <List>
              {mine.data.list.map((c) => (
                <List.Item
                  key={c.id}
                  description={
                    <>
                      <div className={s.meta}>
                        {c.oldValue || '—'} → {c.newValue} · {time(c.createdAt)}
                      </div>
                      {c.answer && <div className={s.meta}>审核意见：{c.answer}</div>}
                    </>
                  }
                  extra={
                    <Tag color={c.state === 'approved' ? 'success' : c.state === 'rejected' ? 'danger' : 'primary'}>
                      {CORRECTION_STATE_LABELS[c.state]}
                    </Tag>
                  }
                >
                  {c.tableName} · {c.fieldLabel}
                </List.Item>
              ))}
            </List>
          )}
        </Tabs.Tab>
      </Tabs>
      <Popup visible={!!target} onMaskClick={() => setTarget(null)} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        {target && (
          <CorrectionForm key={`${target.r.rowId}-${target.v.name}`} t={target} onDone={() => setTarget(null)} />
        )}
      </Popup>
    </div>
  );
}
