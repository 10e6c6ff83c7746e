import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

// antd-mobile 5 renders Toast, Dialog and other imperative pop-ups through ReactDOM.render, which
// React 19 removed: hand it createRoot (https://mobile.ant.design/guide/v5-for-19). Kept apart
// (with its ~3 KB gzip of helpers) so the phone login loads it with its first toast, not with the
// page (issue 14); antd-mobile-setup.ts, the toast and the phone pages' query frame import it.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});
