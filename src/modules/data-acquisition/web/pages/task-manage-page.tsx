import { Card } from 'antd';
import { TaskTable } from '../components/task-table';

/** /web/dataAcquisition/taskManage: 任务管理 — my collection tasks with their progress. */
export default function TaskManagePage() {
  return (
    <Card title="任务管理">
      <TaskTable />
    </Card>
  );
}
