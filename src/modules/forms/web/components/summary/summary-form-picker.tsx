import { useState } from 'react';
import { Button, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { listSummaryForms } from '@/modules/forms/api';
import type { SummaryForm } from '@/modules/forms/contract';
import s from './summary.module.css';
import { SearchInput } from '@/core/ui/text-input';

/** The forms whose summary the user may read (managers: their forms; administrators: all), searched and paged on the server. */
export function SummaryFormPicker({ onPick }: { onPick: (form: SummaryForm) => void }) {
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const forms = useQuery({
    queryKey: ['forms', 'summary', 'forms', keyword, paging],
    queryFn: () => listSummaryForms({ ...paging, ...(keyword && { keyword }) }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className={s.pickerBar}>
        <SearchInput
          allowClear
          enterButton="搜索"
          maxLength={60}
          placeholder="表单名称"
          aria-label="搜索表单"
          className={s.pickerSearch}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </div>
      <Table<SummaryForm>
        rowKey="id"
        size="middle"
        loading={forms.isFetching}
        dataSource={forms.data?.list ?? []}
        rowClassName={() => s.clickableRow!}
        onRow={(f) => ({ onClick: () => onPick(f) })}
        locale={{
          emptyText: keyword ? '没有名称含该关键字的表单' : '暂无可查看汇总的表单：表单的管理人员和管理员可查看其汇总',
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: forms.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 个表单`,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          { title: '表单名称', dataIndex: 'name', ellipsis: true },
          { title: '分类', dataIndex: 'category', width: 160, render: (v: string) => v || '—' },
          { title: '提交数', dataIndex: 'submissionCount', width: 110, align: 'right' },
          {
            title: '最近提交',
            dataIndex: 'lastSubmittedAt',
            width: 180,
            render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '暂无提交'),
          },
          {
            title: '操作',
            key: 'action',
            width: 110,
            render: (_v, f) => (
              <Button
                type="link"
                size="small"
                onClick={(e) => {
                  e.stopPropagation();
                  onPick(f);
                }}
              >
                查看汇总
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
