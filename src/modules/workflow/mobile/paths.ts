/** Phone links of the approval centre. */
/** The phone's progress page; with the record link's token it opens for anyone holding it, signed in or not. */
export const mobileFlowChartPath = (instanceId: number, recordToken?: string | null) =>
  `/mobile/mobileFlowChart?instanceId=${instanceId}${recordToken ? `&token=${encodeURIComponent(recordToken)}` : ''}`;
export const MOBILE_HOME = '/mobile/home';
