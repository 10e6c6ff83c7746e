import { describe, expect, it } from 'vitest';
import { instanceLink, isPhoneTarget, phoneLink, taskLink } from './approval-links';

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

  it('sends the approval centre, forms, help and notices to their phone pages, with the ids they understand', () => {
    expect(phoneLink('/web/taskCenter/taskApproval')).toBe('/mobile/taskPending');
    expect(phoneLink('/web/taskCenter/taskApproval?taskId=0')).toBe('/mobile/taskPending');
    expect(phoneLink('/web/taskCenter/taskWorkBench?taskId=91')).toBe('/mobile/taskPending');
    expect(phoneLink('/web/taskCenter/reservationServices')).toBe('/mobile/taskPending?category=%E9%A2%84%E7%BA%A6');
    expect(phoneLink('/web/taskCenter/taskProcessServices')).toBe('/mobile/processServices');
    expect(phoneLink('/web/taskCenter/taskFormWrite?formId=7&tab=mine')).toBe('/mobile/myForms?formId=7');
    expect(phoneLink('/web/eventService/formWrite?formId=7')).toBe('/mobile/formWrite?formId=7');
    expect(phoneLink('/web/help/index?id=4&q=x')).toBe('/mobile/help?id=4');
    expect(phoneLink('/home/notice/3')).toBe('/mobile/notice?id=3');
  });

  it('leaves links already on the phone, other sites and pages without a phone page as they are', () => {
    for (const link of [
      '',
      'https://example.edu.cn/web/taskCenter/taskApproval?taskId=1',
      '/mobile/taskPending?taskId=91',
      '/web/taskCenter/formSummary',
      '/home/notice/abc',
    ])
      expect(phoneLink(link)).toBe(link);
  });

  it('tells which targets keep a phone on the phone', () => {
    expect(isPhoneTarget('/mobile/help')).toBe(true);
    expect(isPhoneTarget('https://lib.example.edu.cn/')).toBe(true);
    expect(isPhoneTarget('/web/taskCenter/formSummary')).toBe(false);
    expect(isPhoneTarget('/mobile')).toBe(false);
  });
});
