import { onFormSubmitted } from '@/server/form-events';
import { formOwners } from '@/modules/forms/server/commands/form-owners';
import { sendMessage } from '../commands/send-message';

/**
 * Form owners hear of new submissions (issue 24 item 2): a `notice` to the form's managers (or its
 * creator) with a link to its summary, written in the submission's own transaction through the
 * form engine's submit hook — so forms' submit service is not changed, and the outside channels
 * follow each owner's 通知设置 like any other message.
 */
export function notifyFormOwners(): void {
  onFormSubmitted('messages.form-owners', async (trx, e) => {
    const form = await formOwners(trx, e.formId);
    const to = form?.userIds.filter((id) => id !== e.submitterId) ?? [];
    if (!form || !to.length) return;
    const who = e.submitterId
      ? ((await trx.selectFrom('appUser').select('realName').where('id', '=', e.submitterId).executeTakeFirst())
          ?.realName ?? '')
      : '';
    const applicant = who || '匿名用户';
    await sendMessage(trx, {
      userIds: to,
      kind: 'notice',
      title: `${form.name}：收到${applicant}的新提交`,
      body: `提交编号 ${e.submissionId}，可在表单汇总中查看。`,
      link: `/web/taskCenter/formSummary?formId=${e.formId}`,
      at: e.at,
      vars: { applicant, formName: form.name },
    });
  });
}
