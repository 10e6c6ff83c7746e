import { useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';

/** /notLicense (spec section 2): the server's licence check failed; only an operator can fix it. */
export default function NotLicensePage() {
  const navigate = useNavigate();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f5f7fa',
      }}
    >
      <Result
        status="403"
        title="服务未授权，请联系管理员"
        subTitle="本系统的产品授权缺失、已过期或无效，暂时无法提供服务。请联系学校信息化管理部门更新授权后再试。"
        extra={
          <Button size="large" onClick={() => navigate('/login', { replace: true })}>
            返回登录页
          </Button>
        }
      />
    </div>
  );
}
