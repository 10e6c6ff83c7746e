import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, List, NavBar } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { MobileInput } from '@/core/ui/mobile-text-input';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import s from '@/core/ui/phone-page.module.css';
import { getReportView, listVisibleReports, runReport } from '../../api';
import { formatMeasure, type ParamValue, type ReportViewDetail, type RunResult, type RunRow } from '../../contract';
import { defaultParams } from '../../components/param-form';

const PAGE_SIZE = 10;

/** A row of the compact list: its key texts, then each measure as 名称 值. */
function rowText(res: RunResult, r: RunRow) {
  const keys = res.columns
    .map((c, i) => (c.kind === 'key' ? r.cells[i] : null))
    .filter((v) => v !== null && v !== '')
    .join(' · ');
  const measures = res.columns
    .map((c, i) =>
      c.kind === 'measure'
        ? `${c.label} ${formatMeasure(typeof r.cells[i] === 'number' ? (r.cells[i] as number) : null, c.decimals, c.thousands)}`
        : null,
    )
    .filter(Boolean)
    .join('，');
  return { keys, measures };
}

/** The phone's parameter fields: dates for ranges, text for the rest (a select's value typed). */
function PhoneParams({
  detail,
  values,
  onChange,
}: {
  detail: ReportViewDetail;
  values: Record<string, ParamValue>;
  onChange: (v: Record<string, ParamValue>) => void;
}) {
  return (
    <List header="参数">
      {detail.params.map((p) => {
        const v = values[p.name] ?? p.defaultValue;
        if (p.op === 'range') {
          const [from = '', to = ''] = Array.isArray(v) ? v : [];
          const date = p.fieldType === 'date' || p.fieldType === 'datetime';
          return (
            <List.Item key={p.name} title={p.label}>
              <div style={{ display: 'flex', gap: 8 }}>
                <MobileInput
                  aria-label={`${p.label}（起）`}
                  type={date ? 'date' : 'number'}
                  placeholder="起"
                  value={from}
                  onChange={(x) => onChange({ ...values, [p.name]: [x, to] })}
                />
                <MobileInput
                  aria-label={`${p.label}（止）`}
                  type={date ? 'date' : 'number'}
                  placeholder="止"
                  value={to}
                  onChange={(x) => onChange({ ...values, [p.name]: [from, x] })}
                />
              </div>
            </List.Item>
          );
        }
        const text = Array.isArray(v) ? v.join(',') : v;
        return (
          <List.Item key={p.name} title={p.label}>
            <MobileInput
              aria-label={p.label}
              placeholder={p.op === 'in' ? '多个值用逗号分隔，空为全部' : '空为全部'}
              value={text}
              onChange={(x) =>
                onChange({
                  ...values,
                  [p.name]:
                    p.op === 'in'
                      ? x
                          .split(/[,，]/)
                          .map((y) => y.trim())
                          .filter(Boolean)
                      : x,
                })
              }
            />
          </List.Item>
        );
      })}
    </List>
  );
}

function ReportView({ id }: { id: number }) {
  const detail = useQuery({
    queryKey: ['bi-reports', 'phone', 'view', id],
    queryFn: () => getReportView(id).then((r) => r.data),
  });
  const [draft, setDraft] = useState<Record<string, ParamValue>>({});
  const [applied, setApplied] = useState<Record<string, ParamValue> | null>(null);
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (detail.data) {
      const d = defaultParams(detail.data.params);
      setDraft(d);
      setApplied(d);
    }
  }, [detail.data]);
  const res = useQuery({
    queryKey: ['bi-reports', 'phone', 'run', id, applied, page],
    queryFn: () => runReport({ id, params: applied!, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    enabled: applied !== null,
    placeholderData: keepPreviousData,
  });
  if (detail.isPending) return <DotLoading />;
  if (detail.isError) return <ErrorBlock status="default" title="无法打开该报表" description="" />;
  const pages = Math.max(1, Math.ceil((res.data?.totalGroups ?? 0) / PAGE_SIZE));
  return (
    <>
      {detail.data.params.length > 0 && (
        <>
          <PhoneParams detail={detail.data} values={draft} onChange={setDraft} />
          <div className={s.body}>
            <Button block color="primary" onClick={() => (setApplied(draft), setPage(1))}>
              查询
            </Button>
          </div>
        </>
      )}
      {res.data && (
        <List header={res.data.params.map((p) => `${p.label}：${p.text}`).join('；') || detail.data.name}>
          {res.data.rows.map((r, i) => {
            const t = rowText(res.data!, r);
            const bold = r.type !== 'row';
            return (
              <List.Item
                key={i}
                className={s.row}
                style={{
                  paddingLeft: r.type === 'row' ? 24 : 12,
                  background: r.type === 'total' ? '#fff7e6' : r.type === 'header' ? '#eff5ff' : undefined,
                }}
                description={r.type === 'header' ? undefined : t.measures}
              >
                <span style={{ fontWeight: bold ? 600 : 400 }}>{t.keys || '—'}</span>
              </List.Item>
            );
          })}
        </List>
      )}
      {res.data && pages > 1 && (
        <div className={s.body} style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'center' }}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </Button>
        </div>
      )}
    </>
  );
}

/** /mobile/biReport: the published reports the user may see; `?id=` shows one (parameters and a compact grouped list). */
export default function MobileReportPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const open = Number.isInteger(id) && id > 0;
  const rows = usePhoneList(['bi-reports', 'phone', 'list'], (page) =>
    listVisibleReports({ page, pageSize: 20 }).then((r) => r.data),
  );
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate(open ? '/mobile/biReport' : '/mobile/home')}>
        数据报表
      </NavBar>
      {open ? (
        <ReportView id={id} />
      ) : (
        <PhoneListBody list={rows} label="数据报表" empty="暂无可查看的报表" unit="个">
          {rows.rows.map((r) => (
            <List.Item
              key={r.id}
              className={s.row}
              description={`${r.description || '—'}（${r.tableName}）`}
              onClick={() => navigate(`/mobile/biReport?id=${r.id}`)}
            >
              {r.name}
            </List.Item>
          ))}
        </PhoneListBody>
      )}
    </div>
  );
}
