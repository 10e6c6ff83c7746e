import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

// antd-mobile 5 renders Toast, Dialog and other imperative pop-ups through ReactDOM.render, which
// React 19 removed: hand it createRoot (https://mobile.ant.design/guide/v5-for-19). Imported for its
// effect by every page that shows one.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});
