import { defineRoutes } from '@/core/routing/define-routes';

// One page serves both sides; the path decides is_admin.
const loginPage = () => import('./pages/login-page');

export default defineRoutes([
  { path: '/login', name: 'login', lazy: loginPage, meta: { title: '用户登录', layout: 'blank', public: true } },
  {
    path: '/loginAdmin',
    name: 'loginAdmin',
    lazy: loginPage,
    meta: { title: '管理员登录', layout: 'blank', public: true },
  },
]);
