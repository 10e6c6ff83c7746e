import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { sanitizeRichText } from '@/server/rich-text/sanitize';

interface ArticleSeed {
  title: string;
  keywords: string;
  html: string;
}

/** The help centre's first articles: true of this platform (menus, pages and rules as built). */
const HELP: { category: string; articles: ArticleSeed[] }[] = [
  {
    category: '账号与密码',
    articles: [
      {
        title: '如何修改密码',
        keywords: '密码 修改密码 改密码 账号安全',
        html: `<p>登录后，点击页面右上角您的姓名，在下拉菜单中选择<strong>修改密码</strong>。</p>
<ol><li>输入原密码；</li><li>输入新密码：长度 8–32 位，须同时包含字母和数字，且不能与原密码相同；</li><li>再次输入新密码确认，点击<strong>确定</strong>。</li></ol>
<p>修改成功后，您在其他设备上的登录会失效，需要用新密码重新登录。</p>
<blockquote><p>管理员为您重置密码后，首次登录时系统会要求您先修改密码。</p></blockquote>`,
      },
      {
        title: '忘记密码怎么办',
        keywords: '忘记密码 找回密码 重置密码 登录不了 账号锁定',
        html: `<p>为保证账号安全，平台不提供自助找回密码。请按以下方式处理：</p>
<ul><li>学生：携带学生证到所在学院辅导员处，或联系信息化办公室，由管理员为您<strong>重置密码</strong>；</li><li>教职工：携带工作证到信息化办公室服务窗口办理。</li></ul>
<p>管理员重置后会告知您临时密码，首次登录时须立即修改为自己的新密码。</p>
<p>连续 5 次输错密码，账号会被锁定 15 分钟；锁定期间请勿反复尝试，等待解锁或联系管理员解锁。</p>`,
      },
    ],
  },
  {
    category: '使用指南',
    articles: [
      {
        title: '如何切换服务平台',
        keywords: '平台 切换平台 服务平台 教职工 学生 一表通',
        html: `<p>同一账号可能属于多个服务平台（例如同时是教职工和辅导员的老师）。登录后如果您有多个平台，会先进入<strong>平台选择</strong>页面，点击要进入的平台即可。</p>
<p>已进入某个平台后，点击页面顶部平台名称旁的<strong>切换平台</strong>按钮，在下拉列表中选择其他平台，页面会进入该平台的首页，左侧菜单随之变为该平台的菜单。</p>
<p>如果看不到切换按钮，说明您的账号目前只属于一个平台；如需开通其他平台，请联系管理员。</p>`,
      },
      {
        title: '浏览器与分辨率建议',
        keywords: '浏览器 分辨率 兼容 Chrome Edge 360 页面显示不全 手机',
        html: `<p>为获得最佳使用体验，建议使用以下浏览器的最新版本：</p>
<table><thead><tr><th>浏览器</th><th>建议版本</th></tr></thead><tbody><tr><td>Google Chrome</td><td>109 及以上</td></tr><tr><td>Microsoft Edge</td><td>109 及以上</td></tr><tr><td>Firefox</td><td>115 及以上</td></tr><tr><td>360 安全浏览器 / QQ 浏览器</td><td>请切换到<strong>极速模式</strong></td></tr></tbody></table>
<p>电脑端推荐屏幕分辨率 <strong>1920×1080</strong>，最低 1366×768；显示不全时可按 <code>Ctrl</code> 和 <code>-</code> 缩小页面。</p>
<p>手机访问时系统会自动进入移动端页面；不支持 IE 浏览器。</p>`,
      },
    ],
  },
];

/** Seeds the help centre's categories and published articles (small and full demo seeds). */
export async function insertHelpArticles(tx: Transaction<Database>, authorId: number, now: number): Promise<void> {
  for (const [ci, c] of HELP.entries()) {
    const { id: categoryId } = await tx
      .insertInto('helpCategory')
      .values({ name: c.category, sort: (ci + 1) * 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('helpArticle')
      .values(
        c.articles.map((a, ai) => ({
          categoryId,
          title: a.title,
          keywords: a.keywords,
          content: sanitizeRichText(a.html.replace(/\n/g, '')),
          status: 'published',
          sort: (ai + 1) * 10,
          updatedAt: now,
          createdBy: authorId,
        })),
      )
      .execute();
  }
}
