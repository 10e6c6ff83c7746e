/**
 * The in-app links of approval messages, and where such a link goes on a phone. Shared because
 * three modules meet here: the workflow writes the links into messages, the messages' phone page
 * and the phone form page follow them, and none of them may depend on the others in a circle.
 */

const TASK_APPROVAL_PATH = '/web/taskCenter/taskApproval';

/** An approver's task on the desktop approval page. */
export const taskLink = (taskId: number) => `${TASK_APPROVAL_PATH}?taskId=${taskId}`;
/**
 * The messages' subject of an approver's task (messages settleMessages): its 请审批 and 催办 are
 * marked done once the task is handled, by anyone.
 */
export const taskSubject = (taskId: number) => `wf_task:${taskId}`;
/** A request (instance) on the desktop approval page. */
export const instanceLink = (instanceId: number) => `${TASK_APPROVAL_PATH}?instanceId=${instanceId}`;

const positiveId = (v: string | null) => (v && /^[1-9]\d{0,15}$/.test(v) ? v : null);

/** The category of booking forms (预约审批 lists the 待办 of this category). */
export const RESERVATION_CATEGORY = '预约';

/**
 * Desktop pages that have a phone page, by path: a phone following a link (a message's, a phone
 * home tile's or shortcut's) opens the phone page instead, since the desktop one would leave the
 * phone shell. The parameters a phone page understands are carried over (PHONE_PARAMS).
 */
const PHONE_PAGE_OF: Readonly<Record<string, string>> = {
  '/web/dataAcquisition/dataFilling': '/mobile/dataFilling',
  '/web/dataAcquisition/fillingRecords': '/mobile/fillingRecords',
  '/web/taskCenter/taskWorkBench': '/mobile/taskPending',
  '/web/taskCenter/reservationServices': `/mobile/taskPending?category=${encodeURIComponent(RESERVATION_CATEGORY)}`,
  '/web/taskCenter/taskProcessServices': '/mobile/processServices',
  '/web/taskCenter/taskFormWrite': '/mobile/myForms',
  '/web/eventService/formWrite': '/mobile/formWrite',
  '/web/help/index': '/mobile/help',
  '/web/feedback/index': '/mobile/feedback',
  '/web/eventService/orderline': '/mobile/booking',
  '/web/eventService/applyCall': '/mobile/applyCall',
  '/web/eventService/electronicWorkPermit': '/mobile/permits',
  '/web/oneTablePlatform/myDataCenter': '/mobile/myDataCenter',
  '/web/oneTablePlatform/errorCorrectionPage': '/mobile/myDataCenter',
  '/web/oneTablePlatform/errorCorrectionRecord': '/mobile/myDataCenter',
  '/web/userCenter/myHomepage': '/mobile/myHomepage',
  '/web/userCenter/myCollection': '/mobile/myCollection',
  '/web/userCenter/myFootprint': '/mobile/myFootprint',
  '/web/userCenter/mySmartCard': '/mobile/mySmartCard',
  '/web/userCenter/mySalary': '/mobile/mySalary',
  '/web/userCenter/myBookBorrow': '/mobile/myBookBorrow',
  '/web/userCenter/myTimetable': '/mobile/myTimetable',
  '/web/userCenter/myScience': '/mobile/myScience',
  '/web/userCenter/accountSettings': '/mobile/accountSettings',
  '/web/userCenter/notifySettings': '/mobile/notifySettings',
  '/web/lightApps/publishMessage/preview': '/mobile/publishMessage',
  '/web/lightApps/calendar': '/mobile/calendar',
  '/web/lightApps/applicationCenter': '/mobile/applicationCenter',
  '/web/navPortal': '/mobile/applicationCenter',
};

/** Id parameters carried from a desktop link to its phone page (the rest of the query is the desktop page's own). */
const PHONE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/mobile/dataFilling': ['assignmentId'],
  '/mobile/myForms': ['formId'],
  '/mobile/formWrite': ['formId'],
  '/mobile/help': ['id'],
  '/mobile/booking': ['id', 'itemId'],
  '/mobile/applyCall': ['id'],
  '/mobile/permits': ['id'],
  '/mobile/publishMessage': ['id'],
  '/mobile/calendar': ['date'],
};

/** A notice or news item on the visitor site (/home/notice/:id) and its phone page. */
const NOTICE_PATH = /^\/home\/notice\/([1-9]\d{0,15})$/;

/**
 * Where an in-app link goes on a phone: the desktop approval page of a task opens its sheet on
 * /mobile/taskPending, of an instance its progress on /mobile/mobileFlowChart; a notice opens
 * /mobile/notice; the desktop pages of PHONE_PAGE_OF open their phone pages (with the ids those
 * understand: a fill's assignmentId, a form's formId, a help article's id). A link already on
 * the phone, or to a page without a phone page, comes back unchanged.
 */
export function phoneLink(link: string): string {
  const q = link.indexOf('?');
  const path = (q < 0 ? link : link.slice(0, q)).split('#')[0]!.replace(/\/$/, '');
  const params = new URLSearchParams(q < 0 ? '' : link.slice(q + 1).split('#')[0]);
  if (path === TASK_APPROVAL_PATH) {
    const taskId = positiveId(params.get('taskId'));
    if (taskId) return `/mobile/taskPending?taskId=${taskId}`;
    const instanceId = positiveId(params.get('instanceId'));
    if (instanceId) return `/mobile/mobileFlowChart?instanceId=${instanceId}`;
    return '/mobile/taskPending';
  }
  const notice = NOTICE_PATH.exec(path);
  if (notice) return `/mobile/notice?id=${notice[1]}`;
  const phone = PHONE_PAGE_OF[path];
  if (!phone) return link;
  const [phonePath] = phone.split('?');
  const carried = (PHONE_PARAMS[phonePath!] ?? []).flatMap((k) => {
    const v = positiveId(params.get(k));
    return v ? [`${k}=${v}`] : [];
  });
  if (!carried.length) return phone;
  return `${phone}${phone.includes('?') ? '&' : '?'}${carried.join('&')}`;
}

/** Whether a phone may follow this link and stay on the phone: a /mobile page or another site (not a desktop page). */
export const isPhoneTarget = (to: string): boolean => to.startsWith('/mobile/') || /^https?:\/\//.test(to);
