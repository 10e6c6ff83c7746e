import { PageOf } from '@/shared/response-schema';
import { TaskListItem } from '../contract';

/** The task list's response schema (issue 15): a page of the contract's TaskListItem. */
export const TaskListAnswer = PageOf(TaskListItem);
