/**
 * The in-app links of approval messages, and where such a link goes on a phone. Shared because
 * three modules meet here: the workflow writes the links into messages, the messages' phone page
 * and the phone form page follow them, and none of them may depend on the others in a circle.
 */

const TASK_APPROVAL_PATH = '/web/taskCenter/taskApproval';

/** An approver's task on the desktop approval page. */
export const taskLink = (taskId: number) => `${TASK_APPROVAL_PATH}?taskId=${taskId}`;
/** A request (instance) on the desktop approval page. */
export const instanceLink = (instanceId: number) => `${TASK_APPROVAL_PATH}?instanceId=${instanceId}`;

const positiveId = (v: string | null) => (v && /^[1-9]\d{0,15}$/.test(v) ? v : null);

/**
 * Data collection's desktop pages a message links to (reminders, new tasks, approval results) and
 * their phone pages (the acquisition module's /mobile pages; PHONE_PAGES names the same ones).
 */
const ACQUISITION_PHONE_PAGES: Readonly<Record<string, string>> = {
  '/web/dataAcquisition/dataFilling': '/mobile/dataFilling',
  '/web/dataAcquisition/fillingRecords': '/mobile/fillingRecords',
};

/**
 * Where an in-app link (a message's) goes on a phone: the desktop approval page of a task opens
 * its sheet on /mobile/taskPending, of an instance its progress on /mobile/mobileFlowChart; data
 * collection's 数据填报 opens /mobile/dataFilling (with its fill when the link names an
 * assignmentId) and 填报记录 /mobile/fillingRecords (the desktop pages would leave the phone shell).
 * Any other link comes back unchanged.
 */
export function phoneLink(link: string): string {
  const q = link.indexOf('?');
  const path = (q < 0 ? link : link.slice(0, q)).split('#')[0]!.replace(/\/$/, '');
  const params = new URLSearchParams(q < 0 ? '' : link.slice(q + 1).split('#')[0]);
  const acquisition = ACQUISITION_PHONE_PAGES[path];
  if (acquisition) {
    const assignmentId = acquisition === '/mobile/dataFilling' ? positiveId(params.get('assignmentId')) : null;
    return assignmentId ? `${acquisition}?assignmentId=${assignmentId}` : acquisition;
  }
  if (path !== TASK_APPROVAL_PATH) return link;
  const taskId = positiveId(params.get('taskId'));
  if (taskId) return `/mobile/taskPending?taskId=${taskId}`;
  const instanceId = positiveId(params.get('instanceId'));
  if (instanceId) return `/mobile/mobileFlowChart?instanceId=${instanceId}`;
  return link;
}
