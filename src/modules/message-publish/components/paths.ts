import { useLocation } from 'react-router-dom';

/**
 * The same pages serve office staff (/web/lightApps/publishMessage/…) and administrators
 * (/cms/lightApps/publishMessage/…): links stay in the area the page was opened in.
 */
export function usePublishPaths() {
  const { pathname } = useLocation();
  const base = `${pathname.startsWith('/cms/') ? '/cms' : '/web'}/lightApps/publishMessage`;
  return {
    publish: `${base}/PublishMessageIndex`,
    templates: `${base}/TemplateLibrary`,
    mine: `${base}/MyRelease`,
    detail: (id: number) => `${base}/detail?id=${id}`,
  };
}
