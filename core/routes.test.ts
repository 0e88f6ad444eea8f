/** The route table against spec section 2: every path and alias it names resolves. */
import { describe, expect, it } from 'vitest';
import { allPatterns, sampleUrl } from './route-samples';
import { afterLoginPath, finalRoute, loginPathTo, resolvePath, routes } from './routes';

/** The paths spec section 2 names, as a buyer would type them. */
const SPEC_PATHS = [
  '/404',
  '/noActivity',
  '/',
  '/login',
  '/loading',
  '/loading/activity',
  '/jfsc',
  '/list/other/3',
  '/list/other/3/感冒药',
  '/list',
  '/list_index',
  '/list_table',
  '/list/table',
  '/list_no_image',
  '/list/no_image',
  '/list_info/5',
  '/list/info/5',
  '/search',
  '/search_index',
  '/search_table',
  '/search/table',
  '/cart',
  '/cart/step2',
  '/cart_step3/9',
  '/cart/step3/9',
  '/cart/step4',
  '/cart_hm',
  '/cart/hm',
  '/user',
  '/user_hyzx',
  '/zhzx/basic',
  '/zhzx/zzzj',
  '/zhzx/ddgl',
  '/zhzx/bdwx',
  '/zhzx/addr',
  '/zhzx/wdxx',
  '/order',
  '/order/info/7',
  '/order/returnInfo/7',
  '/order/afterSalesInfo/7',
  '/jfdd',
  '/hmdd',
  '/dzfp',
  '/star',
  '/kjcg',
  '/pzqg',
  '/pzqg/add',
  '/pzqg/info',
  '/yjfk',
  '/wdqb_yegl',
  '/yegl',
  '/wdqb_zqgl',
  '/zqgl',
  '/wdqb_zhhb',
  '/zhhb',
  '/wdqb_jfgl',
  '/jfgl',
  '/wdqb_yhq',
  '/yhq',
  '/wdqb_xjq',
  '/xjq',
  '/forget_step1',
  '/forget_step2',
  '/forget_step3',
  '/register_index',
  '/register/step1',
  '/register/step2',
  '/register/step3',
  '/register/wechat',
  '/register/dd/step1',
  '/register/dd/step2',
  '/register/dd/step3',
  '/ppzq',
  '/ppzq_index',
  '/ppzq_index/2',
  '/ppzq/info/4',
  '/ppzq/info/4/2',
  '/yx',
  '/yx_index',
  '/yx_table',
  '/yx_rule',
  '/yjh',
  '/yjh/3',
  '/Hdzx/1,2',
  '/Hdzx/1,2/3',
  '/zyyp',
  '/qxzq',
  '/jxqzc',
  '/kxzq',
  '/kxzq_new',
  '/kxzq_index',
  '/kxzq/new',
  '/kxzq/goods/new/1',
  '/hb',
  '/welfare',
  '/mrtj',
  '/lqzx',
  '/zqmb',
  '/yyh',
  '/yyh/list',
  '/hdmb',
  '/zhzq',
  '/help',
  '/help/zfps/ddzf',
  '/help/zfps/hwps',
  '/help/zfps/ypth',
  '/help/xrzn/hyzc',
  '/help_news_info/8/1',
];

const REDIRECTS: [string, string][] = [
  ['/register', '/register/step1'],
  ['/register_dd', '/register/dd/step1'],
  ['/forget', '/forget/step1'],
  ['/order/wl/12', '/order/info/12'],
  ['/activity/spring/zone/1', '/loading/activity?url=spring&url1=zone&url2=1'],
  ['/activity', '/loading/activity'],
];

function follow(path: string): string {
  let current = path;
  for (let i = 0; i < 5; i++) {
    const r = resolvePath(current);
    if (r.kind === 'route') return current;
    current = r.to;
  }
  throw new Error(`redirect loop from ${path}`);
}

describe('route table', () => {
  it.each(SPEC_PATHS)('%s shows a screen of its own', (path) => {
    expect(resolvePath(path).kind).not.toBe('notFound');
    expect(finalRoute(path).title).toMatch(/[\u4e00-\u9fa5]/);
  });

  it.each(REDIRECTS)('%s redirects to %s', (from, to) => {
    expect(follow(from)).toBe(to);
  });

  it('sends unknown paths to /404', () => {
    expect(resolvePath('/no/such/page')).toEqual({ kind: 'notFound', to: '/404' });
  });

  it('has a sample URL that resolves back to each pattern', () => {
    for (const pattern of allPatterns()) expect(resolvePath(sampleUrl(pattern)).kind, pattern).not.toBe('notFound');
  });

  it('uses the login-style header on login, register, forget and help, and skips the user call where spec section 6 says', () => {
    for (const path of ['/login', '/register/step1', '/forget/step1', '/help', '/help/zfps/ddzf']) expect(finalRoute(path).loginHeader, path).toBe(true);
    expect(
      routes
        .filter((r) => r.skipUserBase)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/login', '/user', '/zhzx/bdwx']);
  });

  it('leads a guest to log in and back to where they were, query and all', () => {
    for (const here of ['/list/info/1234', '/jfsc?tab=coupon&page=2', '/search?keywords=阿莫西林&sort=sales']) {
      const login = new URL(loginPathTo(here), 'https://example.test');
      expect(login.pathname).toBe('/login');
      expect(afterLoginPath(login.searchParams.get('redirect'))).toBe(here);
    }
  });
});
