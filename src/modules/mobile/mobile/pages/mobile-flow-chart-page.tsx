import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, ErrorBlock, NavBar } from 'antd-mobile';
import { MobileFlowProgress } from '@/modules/workflow/ui-mobile';
import { loginRedirect } from '@/core/routing/login-path';
import { useSession } from '@/core/session/store';
import { MOBILE_HOME } from '../mobile-landing';
import s from '../mobile.module.css';

/**
 * /mobile/mobileFlowChart: the progress of one process instance (the workflow module draws it).
 * Public (spec: mobile pages are): `?token=` — the record link the historical record already
 * uses — shows it to whoever holds the link; `?instanceId=N` alone needs a session (the server
 * decides who may read it), so a signed-out phone is asked to sign in first. Neither: nothing to draw.
 */
export default function MobileFlowChartPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signedIn = useSession((st) => !!st.token);
  const token = params.get('token') ?? '';
  const validToken = /^[A-Za-z0-9_-]{16,64}$/.test(token);
  const instanceId = Number(params.get('instanceId'));
  const valid = Number.isInteger(instanceId) && instanceId > 0;
  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(MOBILE_HOME, { replace: true });
  };
  if (!validToken && valid && !signedIn)
    return <Navigate to={loginRedirect(location.pathname + location.search)} replace />;
  return (
    <div className={s.page}>
      <NavBar onBack={back} style={{ background: '#fff' }}>
        流程进度
      </NavBar>
      {validToken ? (
        <MobileFlowProgress token={token} />
      ) : valid ? (
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
