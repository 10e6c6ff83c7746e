import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, ErrorBlock, NavBar } from 'antd-mobile';
import { MobileFlowProgress } from '@/modules/workflow/ui-mobile';
import { MOBILE_HOME } from '../mobile-landing';
import s from '../mobile.module.css';

/**
 * /mobile/mobileFlowChart?instanceId=N: the progress of one process instance (the workflow module
 * draws it; the server decides who may read it). Without an instance id there is nothing to draw.
 */
export default function MobileFlowChartPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const instanceId = Number(params.get('instanceId'));
  const valid = Number.isInteger(instanceId) && instanceId > 0;
  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(MOBILE_HOME, { replace: true });
  };
  return (
    <div className={s.page}>
      <NavBar onBack={back} style={{ background: '#fff' }}>
        流程进度
      </NavBar>
      {valid ? (
        <MobileFlowProgress instanceId={instanceId} />
      ) : (
        <>
          <ErrorBlock status="empty" title="暂无流程信息" description="该流程的办理进度将在这里显示" />
          <div className={s.actions}>
            <Button block size="large" onClick={back}>
              返回
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
