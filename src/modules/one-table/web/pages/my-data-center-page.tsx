import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Space, Tag, Typography } from 'antd';
import { getMyData } from '../../api';
import { AUDIENCE_LABELS } from '../../contract';
import { DataGroups } from '../components/data-groups';

/** /web/oneTablePlatform/myDataCenter: everything the data centre holds about me, as the back office lays it out. */
export default function MyDataCenterPage() {
  const q = useQuery({ queryKey: ['oneTable', 'myData'], queryFn: () => getMyData().then((r) => r.data) });
  return (
    <Card title="我的数据">
      {q.isPending ? (
        <Skeleton active />
      ) : q.data ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text strong>{q.data.person.name}</Typography.Text>
            <Typography.Text>{q.data.person.userNo}</Typography.Text>
            <Tag color="blue">{AUDIENCE_LABELS[q.data.person.audience]}</Tag>
            {q.data.person.department && <Typography.Text type="secondary">{q.data.person.department}</Typography.Text>}
          </Space>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            数据来自学校各业务系统，由数据负责部门维护；发现错误可点击「纠错」提交申请，敏感信息点击「查看」后显示（查看会被记录）。
          </Typography.Paragraph>
          <DataGroups groups={q.data.groups} />
        </Space>
      ) : null}
    </Card>
  );
}
