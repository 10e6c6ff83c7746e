/**
 * Department leaders (部门负责人), in order: who the workflow's "department leader" and
 * "leader chain" approvers are. The table is created by migration 0009-workflow, which needed it first.
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
