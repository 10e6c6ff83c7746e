import { Type } from 'typebox';
import { Nullable, PageOf } from '@/shared/response-schema';

/** The task list's response schema (issue 15): the fields of TaskListItem, written by the compiled serialiser. */
export const TaskListAnswer = PageOf(
  Type.Object({
    id: Type.Integer(),
    instanceId: Type.Integer(),
    taskId: Nullable(Type.Integer()),
    title: Type.String(),
    formId: Type.Integer(),
    applicantName: Type.String(),
    nodeName: Type.String(),
    taskStatus: Nullable(Type.String()),
    instanceStatus: Type.String(),
    kind: Type.String(),
    createdAt: Type.Number(),
    handledAt: Nullable(Type.Number()),
    dueAt: Nullable(Type.Number()),
    overdue: Type.Boolean(),
    batchApprove: Type.Boolean(),
  }),
);
