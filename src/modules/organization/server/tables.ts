/**
 * Department leaders (部门负责人), in order: who the workflow's "department leader" and
 * "leader chain" approvers are. Created by migration 0009-department-leader (before 0009-workflow, which
 * refers to it; databases made before the split got it from 0009-workflow itself).
 */
export interface DepartmentLeaderTable {
  departmentId: number;
  userId: number;
  sort: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    departmentLeader: DepartmentLeaderTable;
  }
}
