/** Where the owner's pages are (one place, so links and redirects agree). */
export const paths = {
  manage: () => '/web/dataAcquisition/taskManage',
  create: (id?: number) => `/web/dataAcquisition/taskCreation${id ? `?id=${id}` : ''}`,
  preview: (id: number) => `/web/dataAcquisition/publishPreview?id=${id}`,
  progress: (id: number) => `/web/dataAcquisition/taskProgress?id=${id}`,
  collaborative: (id?: number) => `/web/dataAcquisition/collaborativeTasks${id ? `?id=${id}` : ''}`,
};
