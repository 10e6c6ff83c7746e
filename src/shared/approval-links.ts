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
 * Where an in-app link (a message's) goes on a phone: the desktop approval page of a task opens
 * its sheet on /mobile/taskPending, of an instance its progress on /mobile/mobileFlowChart (the
 * desktop page would leave the phone shell). Any other link comes back unchanged.
 */
export function phoneLink(link: string): string {
  const q = link.indexOf('?');
  if (q < 0) return link;
  const path = link.slice(0, q).replace(/\/$/, '');
  if (path !== TASK_APPROVAL_PATH) return link;
  const params = new URLSearchParams(link.slice(q + 1).split('#')[0]);
  const taskId = positiveId(params.get('taskId'));
  if (taskId) return `/mobile/taskPending?taskId=${taskId}`;
  const instanceId = positiveId(params.get('instanceId'));
  if (instanceId) return `/mobile/mobileFlowChart?instanceId=${instanceId}`;
  return link;
}
