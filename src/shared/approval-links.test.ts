import { describe, expect, it } from 'vitest';
import { instanceLink, phoneLink, taskLink } from './approval-links';

describe('phoneLink', () => {
  it('sends the workflow messages’ desktop links to the phone pages', () => {
    expect(phoneLink(taskLink(91))).toBe('/mobile/taskPending?taskId=91');
    expect(phoneLink(instanceLink(40))).toBe('/mobile/mobileFlowChart?instanceId=40');
  });

  it('prefers the task when a link names both, and tolerates a trailing slash, other parameters and a hash', () => {
    expect(phoneLink('/web/taskCenter/taskApproval?instanceId=40&taskId=91')).toBe('/mobile/taskPending?taskId=91');
    expect(phoneLink('/web/taskCenter/taskApproval/?from=msg&instanceId=40#top')).toBe(
      '/mobile/mobileFlowChart?instanceId=40',
    );
  });

  it("sends data collection's reminder and notice links to its phone pages, with the fill when named", () => {
    expect(phoneLink('/web/dataAcquisition/dataFilling')).toBe('/mobile/dataFilling');
    expect(phoneLink('/web/dataAcquisition/dataFilling/')).toBe('/mobile/dataFilling');
    expect(phoneLink('/web/dataAcquisition/dataFilling?assignmentId=12#x')).toBe('/mobile/dataFilling?assignmentId=12');
    expect(phoneLink('/web/dataAcquisition/dataFilling?assignmentId=abc')).toBe('/mobile/dataFilling');
    expect(phoneLink('/web/dataAcquisition/fillingRecords')).toBe('/mobile/fillingRecords');
    expect(phoneLink('/web/dataAcquisition/taskManage')).toBe('/web/dataAcquisition/taskManage');
  });

  it('leaves every other link as it is', () => {
    for (const link of [
      '',
      '/web/help/index',
      '/home/notice/3',
      'https://example.edu.cn/web/taskCenter/taskApproval?taskId=1',
      '/web/taskCenter/taskApproval',
      '/web/taskCenter/taskApproval?taskId=0',
      '/web/taskCenter/taskApproval?taskId=abc',
      '/web/taskCenter/taskApproval?taskId=-3',
      '/web/taskCenter/taskWorkBench?taskId=91',
      '/mobile/taskPending?taskId=91',
    ])
      expect(phoneLink(link)).toBe(link);
  });
});
