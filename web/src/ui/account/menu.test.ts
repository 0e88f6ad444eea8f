import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU, activeEntry } from './menu';

describe('the account menu', () => {
  it('has 会员中心, 我的订单 and the wallet, account and self-service entries of UI.md', () => {
    expect(ACCOUNT_MENU.map((g) => [g.label, g.entries.length])).toEqual([
      ['会员中心', 1],
      ['我的订单', 1],
      ['我的钱包', 6],
      ['账户中心', 7],
      ['自助服务', 6],
    ]);
    expect(ACCOUNT_MENU[4].entries.slice(0, 2).map((e) => [e.label, e.to])).toEqual([
      ['快捷采购', '/kjcg'],
      ['到货降价通知', '/dhtz'],
    ]);
    expect(ACCOUNT_MENU[3].entries.map((e) => e.to)).toEqual([
      '/zhzx/basic',
      '/zhzx/zzzj',
      '/zhzx/ddgl',
      '/zhzx/bdwx',
      '/zhzx/addr',
      '/zhzx/wdxx',
      '/zhzx/syzl',
    ]);
  });

  it('highlights 收货地址 on /zhzx/addr, with or without a trailing slash or query', () => {
    expect(activeEntry('/zhzx/addr')).toBe('addr');
    expect(activeEntry('/zhzx/addr/?from=cart')).toBe('addr');
  });

  it('highlights the same entry for every alias of a wallet or self-service page', () => {
    for (const path of ['/yegl', '/wdqb/yegl', '/wdqb_yegl']) expect(activeEntry(path)).toBe('yegl');
    for (const path of ['/star', '/zzfw/star']) expect(activeEntry(path)).toBe('star');
    expect(activeEntry('/pzqg/add')).toBe('pzqg');
    for (const path of ['/dhtz', '/zzfw/dhtz']) expect(activeEntry(path)).toBe('dhtz');
  });

  it('keeps 我的订单 highlighted on an order detail, and the member centre on /user_hyzx', () => {
    expect(activeEntry('/order/info/7')).toBe('order');
    expect(activeEntry('/jfdd')).toBe('order');
    expect(activeEntry('/user_hyzx')).toBe('user');
  });

  it('highlights nothing elsewhere, and is not fooled by a path that only starts alike', () => {
    expect(activeEntry('/list')).toBeNull();
    expect(activeEntry('/yeglx')).toBeNull();
    expect(activeEntry('/orders')).toBeNull();
  });
});
