import { useNavigate } from 'react-router-dom';
import { Button, ErrorBlock, NavBar } from 'antd-mobile';
import { MOBILE_HOME } from '../mobile-landing';
import s from '../mobile.module.css';

/**
 * /mobile/mobileFlowChart: the progress of one process instance. No workflow data source exists
 * yet, so the page says so plainly rather than drawing a chart of nothing.
 */
export default function MobileFlowChartPage() {
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(MOBILE_HOME, { replace: true });
  };
  return (
    <div className={s.page}>
      <NavBar onBack={back} style={{ background: '#fff' }}>流程进度</NavBar>
      <ErrorBlock status="empty" title="暂无流程信息" description="该流程的办理进度将在这里显示" />
      <div className={s.actions}>
        <Button block size="large" onClick={back}>返回</Button>
      </div>
    </div>
  );
}
