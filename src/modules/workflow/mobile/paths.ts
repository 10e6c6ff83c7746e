/** Phone links of the approval centre. */
export const mobileFlowChartPath = (instanceId: number) => `/mobile/mobileFlowChart?instanceId=${instanceId}`;
export const MOBILE_HOME = '/mobile/home';
