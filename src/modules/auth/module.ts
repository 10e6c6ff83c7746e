import { defineModule } from '@/shared/module';

// One page serves both sides; the path decides is_admin.
const loginPage = () => import('./web/pages/login-page');

export default defineModule({
  id: 'auth',
  title: '登录',
  routes: [
    { name: 'login', path: '/login', title: '用户登录', area: 'top', public: true, page: loginPage },
    { name: 'loginAdmin', path: '/loginAdmin', title: '管理员登录', area: 'top', public: true, page: loginPage },
  ],
});
