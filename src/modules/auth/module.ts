import { defineModule } from '@/shared/module';

export const authModule = defineModule({
  id: 'auth',
  title: '登录',
  routes: [
    { name: 'login', path: '/login', title: '用户登录', area: 'top', public: true },
    { name: 'loginAdmin', path: '/loginAdmin', title: '管理员登录', area: 'top', public: true },
  ],
});
