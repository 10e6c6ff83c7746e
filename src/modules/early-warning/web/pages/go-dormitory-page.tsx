import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Table } from 'antd';
import { SearchInput, TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { fetchVisits, recordVisit, type VisitRow } from '../../api';
import { time } from '../../components/format';

const PAGE_SIZE = 15;

/** /web/earlyWarning/goDormitory: dorm visits counsellors recorded (their own students; leaders their college). */
export default function GoDormitoryPage() {
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ studentNo: '', place: '', content: '' });
  const q = { page, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  const rows = useQuery({
    queryKey: ['earlyWarning', 'visits', q],
    queryFn: () => fetchVisits(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: () =>
      recordVisit({ studentNo: form.studentNo.trim(), place: form.place.trim(), content: form.content.trim() }),
    onSuccess: () => {
      toast.success('走访记录已保存');
      void qc.invalidateQueries({ queryKey: ['earlyWarning'] });
      setOpen(false);
      setForm({ studentNo: '', place: '', content: '' });
    },
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <Card
      title="走访宿舍"
      extra={
        <>
          <SearchInput
            allowClear
            aria-label="搜索学号或姓名"
            placeholder="学号或姓名"
            style={{ width: 200, marginRight: 8 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Button type="primary" onClick={() => setOpen(true)}>
            记录走访
          </Button>
        </>
      }
    >
      <Table<VisitRow>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        locale={{ emptyText: '暂无走访记录' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '走访时间', dataIndex: 'visitedAt', width: 150, render: (d: number) => time(d) },
          { title: '学号', dataIndex: 'studentNo', width: 130 },
          { title: '姓名', dataIndex: 'studentName', width: 100 },
          { title: '学院', dataIndex: 'collegeName', width: 180 },
          { title: '地点', dataIndex: 'place', width: 160 },
          { title: '走访情况', dataIndex: 'content' },
          { title: '走访人', dataIndex: 'visitorName', width: 100 },
        ]}
      />
      <Modal
        open={open}
        title="记录走访"
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        okButtonProps={{ disabled: !form.studentNo.trim() || !form.place.trim() || !form.content.trim() }}
        onOk={() => save.mutate()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="学号" required>
            <TextInput aria-label="学号" maxLength={20} value={form.studentNo} onChange={set('studentNo')} />
          </Form.Item>
          <Form.Item label="走访地点" required>
            <TextInput aria-label="走访地点" maxLength={60} value={form.place} onChange={set('place')} />
          </Form.Item>
          <Form.Item label="走访情况" required>
            <TextArea
              aria-label="走访情况"
              rows={4}
              maxLength={500}
              showCount
              value={form.content}
              onChange={set('content')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
