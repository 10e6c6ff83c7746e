import { Card, Typography } from 'antd';
import { RESERVATION_CATEGORY } from '@/modules/workflow/components/labels';
import { TaskTable } from '../components/task-table';
import s from '../components/approval.module.css';

/** /web/taskCenter/reservationServices: pending booking requests (the 待办 list of the 预约 category). */
export default function ReservationServicesPage() {
  return (
    <div className={s.page}>
      <Card title="预约审批">
        <Typography.Paragraph type="secondary">需要您审批的预约申请（场地、设备等预约类表单）。</Typography.Paragraph>
        <TaskTable type="dsp" category={RESERVATION_CATEGORY} />
      </Card>
    </div>
  );
}
