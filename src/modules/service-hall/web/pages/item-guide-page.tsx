import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Steps, Table, Tag } from 'antd';
import { DownloadOutlined, FormOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { loginRedirect } from '@/core/routing/login-path';
import { offlinePath, type ItemGuide } from '../../contract';
import { useGuide } from '../../components/use-guide';
import { GuideHeader, RichText } from '../components/guide-parts';
import s from '../components/hall.module.css';

/**
 * /web/eventService/online?id= 办事指南 (open without a token for public items): conditions,
 * materials with templates, steps, time limit, fees, legal basis, contact and FAQ. 在线办理 asks
 * the server (which checks the apply rules and counts the use) and opens the item's form.
 */
export default function ItemGuidePage() {
  const navigate = useNavigate();
  const { id, signedIn, guide, apply, favorite } = useGuide();

  if (id === null) return <Result status="warning" title="链接不完整" subTitle="缺少事项编号" />;
  if (guide.isPending) return <Skeleton active paragraph={{ rows: 12 }} style={{ padding: 24 }} />;
  if (guide.isError || !guide.data)
    return (
      <Result
        status="404"
        title="事项不存在或无权查看"
        subTitle={signedIn ? '该事项可能已撤回，或不在您的服务范围内' : '登录后可查看更多事项'}
        extra={
          <Space>
            <Button onClick={() => navigate('/web/eventService/index')}>返回办事大厅</Button>
            {!signedIn && (
              <Button type="primary" onClick={() => navigate(loginRedirect(`/web/eventService/online?id=${id}`))}>
                登录
              </Button>
            )}
          </Space>
        }
      />
    );
  const g = guide.data;
  const onApply = async () => {
    if (!signedIn) {
      navigate(loginRedirect(`/web/eventService/online?id=${g.id}`));
      return;
    }
    const a = await apply.mutateAsync();
    navigate(a.path);
  };
  const online = g.modes.includes('online');

  return (
    <div className={s.page}>
      <GuideHeader
        g={g}
        extra={
          <Space wrap>
            {signedIn && (
              <Button
                icon={g.favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                loading={favorite.isPending}
                onClick={() => favorite.mutate(!g.favorite)}
              >
                {g.favorite ? '已收藏' : '收藏'}
              </Button>
            )}
            <Button onClick={() => navigate(`/web/eventService/viewDetails?id=${g.id}`)}>查看评价</Button>
            <Button onClick={() => navigate(`/web/eventService/applyCall?itemId=${g.id}`)}>咨询回电</Button>
            {(g.modes.includes('offline') || g.modes.includes('booking')) && (
              <Button onClick={() => navigate(offlinePath(g.id))}>线下办理指南</Button>
            )}
            {g.modes.includes('booking') && (
              <Button onClick={() => navigate(`/web/eventService/orderline?itemId=${g.id}`)}>预约办理</Button>
            )}
            {online && (
              <Button
                type="primary"
                icon={<FormOutlined />}
                loading={apply.isPending}
                disabled={signedIn && !g.canApply}
                onClick={() => void onApply()}
              >
                {signedIn ? '在线办理' : '登录后在线办理'}
              </Button>
            )}
          </Space>
        }
      />
      {online && !g.canApply && (
        <Alert
          className={s.section}
          type={signedIn ? 'warning' : 'info'}
          showIcon
          title={g.applyHint}
          action={
            !signedIn ? (
              <Button size="small" type="primary" onClick={() => void onApply()}>
                去登录
              </Button>
            ) : undefined
          }
        />
      )}
      <div className={s.guide}>
        <div>
          <Card title="办理条件" className={s.section}>
            <RichText value={g.conditions} />
          </Card>
          <Card title="申请材料" className={s.section}>
            <Table
              size="small"
              rowKey={(m) => m.name}
              pagination={false}
              dataSource={g.materials}
              locale={{ emptyText: <Empty description="无需提交材料" /> }}
              columns={[
                { title: '材料名称', dataIndex: 'name' },
                { title: '是否必需', dataIndex: 'required', width: 100, render: (v: boolean) => (v ? '必需' : '按需') },
                { title: '份数', dataIndex: 'copies', width: 120 },
                { title: '说明', dataIndex: 'note', render: (v: string) => v || '—' },
                {
                  title: '模板',
                  width: 120,
                  render: (_: unknown, m: ItemGuide['materials'][number]) =>
                    m.templateUrl ? (
                      <a href={m.templateUrl} download={m.templateName || undefined}>
                        <DownloadOutlined /> 下载
                      </a>
                    ) : (
                      '—'
                    ),
                },
              ]}
            />
          </Card>
          <Card title="办理流程" className={s.section}>
            {g.steps.length ? (
              <Steps
                orientation="vertical"
                size="small"
                current={-1}
                items={g.steps.map((st) => ({
                  title: st.title,
                  description: st.description,
                  status: 'process' as const,
                }))}
              />
            ) : (
              '—'
            )}
          </Card>
          <Card title="常见问题" className={s.section}>
            <RichText value={g.faq} />
          </Card>
        </div>
        <div>
          <Card title="基本信息" className={s.section}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="受理部门">{g.departmentName}</Descriptions.Item>
              <Descriptions.Item label="办理时限">{g.timeLimit || '—'}</Descriptions.Item>
              <Descriptions.Item label="收费标准">{g.fees || '—'}</Descriptions.Item>
              <Descriptions.Item label="咨询电话">{g.contact || '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title="设定依据" className={s.section}>
            <RichText value={g.legalBasis} />
          </Card>
          {!!g.specials.length && (
            <Card title="所属专题" className={s.section}>
              <Space wrap>
                {g.specials.map((sp) => (
                  <Link key={sp.id} to={`/home/specialDetails?id=${sp.id}`}>
                    <Tag color="purple">{sp.name}</Tag>
                  </Link>
                ))}
              </Space>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
