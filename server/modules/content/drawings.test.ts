/** The drawn demo pictures: packshots by dosage form, banners per activity, and the routes' safety. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PACK_FORMS } from '../../../core/schemas/drawings.js';
import { ads, brands, goods } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, type TestApp } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ goods: 200 });
});
afterAll(async () => t?.close());

const draw = async (url: string) => {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.body, headers: res.headers };
};
const pack = (q: Record<string, string>) =>
  draw(`/api/img/goods.svg?${new URLSearchParams({ n: '双黄连口服液', m: '哈药集团', g: '10ml*10支', c: '8e44ad', ...q })}`);
const banner = (q: Record<string, string>) => draw(`/api/img/banner.svg?${new URLSearchParams({ t: '年终采购节 满3000减150', s: '全场满额立减', ...q })}`);
/** The drawn parts of a picture (`data-part`), in order. */
const parts = (svg: string) => [...svg.matchAll(/data-part="(\w+)"/g)].map((m) => m[1]);

describe(`goods packshots on ${dbLabel}`, () => {
  it('draws each dosage form differently', async () => {
    const bodies = new Map<string, string>();
    for (const f of PACK_FORMS) {
      const { status, body } = await pack({ f });
      expect(status).toBe(200);
      expect(body).toContain(`data-form="${f}"`);
      bodies.set(f, body.replace(/data-form="\w+"/, ''));
    }
    expect(new Set(bodies.values()).size).toBe(PACK_FORMS.length);
    expect(parts(bodies.get('box')!)).toEqual(['carton']);
    expect(parts(bodies.get('tablet')!)).toEqual(['carton', 'blister']);
    expect(parts(bodies.get('capsule')!)).toEqual(['carton', 'blister']);
    expect(parts(bodies.get('granule')!)).toEqual(['carton', 'sachet']);
    expect(parts(bodies.get('bottle')!)).toEqual(['carton', 'bottle']);
    expect(parts(bodies.get('vial')!)).toEqual(['carton', 'vial', 'vial', 'vial']);
    expect(parts(bodies.get('dropper')!)).toEqual(['carton', 'dropper']);
    expect(parts(bodies.get('tube')!)).toEqual(['carton', 'tube']);
    expect(parts(bodies.get('spray')!)).toEqual(['carton', 'spray']);
    expect(parts(bodies.get('bag')!)).toEqual(['bag']);
    expect(parts(bodies.get('jar')!)).toEqual(['jar']);
    expect(parts(bodies.get('thermometer')!)).toEqual(['carton', 'thermometer']);
    expect(parts(bodies.get('monitor')!)).toEqual(['carton', 'monitor']);
    expect(parts(bodies.get('mask')!)).toEqual(['carton', 'mask']);
    // The bag of decoction pieces shows them through its window; a box has no bottle, a bottle no bag.
    expect(bodies.get('bag')).toContain('clip-path="url(#win)"');
    expect(bodies.get('box')).not.toContain('data-part="bottle"');
  });

  it('prints the name, specification and maker, and the mark of the prescription class', async () => {
    const { body } = await pack({ f: 'tablet', r: 'otc-a' });
    for (const text of ['双黄连口服液', '10ml*10支', '哈药集团']) expect(body).toContain(text);
    expect(body).toContain('fill="#e60012"');
    expect(body).toContain('>OTC<');
    expect((await pack({ r: 'otc-b' })).body).toContain('fill="#00a041"');
    expect((await pack({ r: 'rx' })).body).toContain('>Rx<');
    expect((await pack({ f: 'jar', r: 'health' })).body).toContain('保健食品');
    expect((await pack({ f: 'device' })).body).toContain('医疗器械');
    const plain = (await pack({ r: 'none' })).body;
    expect(plain).not.toContain('>OTC<');
    expect(plain).not.toContain('>Rx<');
  });

  it('keeps three views for the gallery: the pack with its contents, the pack turned, its back with the label', async () => {
    const [front, turned, back] = await Promise.all([pack({ f: 'capsule' }), pack({ f: 'capsule', v: '1' }), pack({ f: 'capsule', v: '2' })]);
    expect(parts(front.body)).toContain('blister');
    expect(parts(turned.body)).toEqual(['carton']);
    expect(back.body).toContain('【规格】');
    expect(back.body).toContain('【生产企业】');
    expect(new Set([front.body, turned.body, back.body]).size).toBe(3);
  });

  it('still answers the addresses stored before forms existed, as a box', async () => {
    const { status, body, headers } = await draw(
      `/api/img/goods.svg?n=${encodeURIComponent('阿莫西林胶囊')}&m=${encodeURIComponent('石药集团')}&g=0.25g*24粒&c=2f6db5&v=1`,
    );
    expect(status).toBe(200);
    expect(headers['content-type']).toContain('image/svg+xml');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body).toContain('data-form="box"');
  });

  it('escapes every text it prints', async () => {
    const { body } = await pack({ n: '<script>alert(1)</script>&片', m: 'A&B"药业', g: "0.25g'<b>", f: 'bottle', v: '2' });
    expect(body).not.toMatch(/<script|<b>/);
    expect(body).toContain('&lt;');
    expect(body).toContain('A&amp;B&quot;药业');
    expect(body).toContain('0.25g&apos;&lt;b&gt;');
    for (const f of PACK_FORMS) {
      const svg = (await pack({ n: '<script>&', f })).body;
      expect(svg).not.toContain('<script');
      expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    }
  });

  it('refuses a bad query with 422 and a Chinese message', async () => {
    const a = agent(t.app);
    for (const [q, message] of [
      ['f=pill', '剂型格式不正确'],
      ['r=otc', '分类格式不正确'],
      ['c=red', '颜色格式不正确'],
      ['v=3', '视角格式不正确'],
      [`g=${'片'.repeat(41)}`, '参数过长'],
    ]) {
      const res = await a.get(`/api/img/goods.svg?n=x&${encodeURI(q)}`);
      expect(res.status).toBe(422);
      expect(res.body.message).toContain(message);
    }
  });

  it('stays small enough for a list of a hundred', async () => {
    for (const f of PACK_FORMS) {
      for (const v of ['', '1', '2']) {
        const { body } = await pack({ n: '枸橼酸莫沙必利分散片', m: '鲁南贝特制药', g: '5mg*24片', f, r: 'rx', ...(v ? { v } : {}) });
        expect(body.length, `${f} view ${v || 0}`).toBeLessThan(7000);
        expect(body).not.toMatch(/<image|@import|url\(http/);
      }
    }
  });
});

describe(`banners on ${dbLabel}`, () => {
  it('gives each activity its own palette and ornaments', async () => {
    const festival = (await banner({ th: 'festival', c: 'd7141e' })).body;
    const flash = (await banner({ th: 'flash' })).body;
    const ship = (await banner({ th: 'ship' })).body;
    expect(festival).toContain('#ffd66b'); // gold on red
    expect(flash).toContain('#ff8a1f'); // orange
    expect(ship).toContain('#14b8a6'); // teal
    expect(ship).toContain('包邮');
    expect(new Set([festival, flash, ship]).size).toBe(3);
  });

  it('shows the title, its highlight, the sub-title and the packs it names', async () => {
    const { body } = await banner({ th: 'festival', g: 'capsule,bottle,bag', p: 'index_banner' });
    expect(body).toContain('width="780" height="380"');
    expect(body).toContain('>年终采购节<');
    expect(body).toContain('>满3000减150<');
    expect(body).toContain('全场满额立减');
    expect(parts(body)).toEqual(expect.arrayContaining(['carton', 'bottle', 'bag']));
    expect(body.length).toBeLessThan(16000);
  });

  it('draws every shape an ad position needs, with and without packs', async () => {
    for (const [p, size] of [
      ['top', 'width="1200" height="80"'],
      ['login', 'width="1920" height="500"'],
      ['yx', 'width="1200" height="200"'],
      ['tile', 'width="190" height="100"'],
      ['kxzq_ad', 'width="230" height="420"'],
      ['index_banner', 'width="780" height="380"'],
    ]) {
      for (const g of ['', 'tablet,jar']) {
        const { status, body } = await banner({ p, th: 'ship', g });
        expect(status).toBe(200);
        expect(body).toContain(size);
      }
    }
  });

  it('still answers the addresses stored before themes existed', async () => {
    const { status, body } = await draw(`/api/img/banner.svg?t=${encodeURIComponent('包邮专区')}&s=x&c=16a085&p=yx`);
    expect(status).toBe(200);
    expect(body).toContain('#16a085');
  });

  it('escapes the title and sub-title and refuses a bad theme or pack with 422', async () => {
    for (const p of ['index_banner', 'top', 'login', 'yx', 'tile', 'right']) {
      const { body } = await banner({ t: '<script>x</script> 满&减', s: '"A&B"', p, th: 'festival' });
      expect(body).not.toContain('<script');
      expect(body).toContain('满&amp;减');
    }
    const a = agent(t.app);
    const theme = await a.get('/api/img/banner.svg?t=x&th=neon');
    expect(theme.status).toBe(422);
    expect(theme.body.message).toContain('主题格式不正确');
    const packs = await a.get('/api/img/banner.svg?t=x&g=box,pill');
    expect(packs.status).toBe(422);
    expect(packs.body.message).toContain('商品图格式不正确');
    expect((await a.get('/api/img/banner.svg?t=x&g=box,box,box,box,box')).status).toBe(422);
  });
});

describe(`demo pictures of the seed on ${dbLabel}`, () => {
  it('draws each goods by its dosage form and class', async () => {
    const formOf = async (name: string) => {
      const [row] = await t.db.select({ images: goods.images }).from(goods).where(eq(goods.name, name)).limit(1);
      const q = new URL(row.images[0], 'http://x').searchParams;
      return [q.get('f'), q.get('r')];
    };
    expect(await formOf('阿莫西林胶囊')).toEqual(['capsule', 'rx']);
    expect(await formOf('急支糖浆')).toEqual(['bottle', 'otc-a']);
    expect(await formOf('阿奇霉素干混悬剂')).toEqual(['granule', 'rx']);
    expect(await formOf('玻璃酸钠滴眼液')).toEqual(['dropper', 'rx']);
    expect(await formOf('双黄连口服液')).toEqual(['vial', 'otc-a']);
    expect(await formOf('珍珠明目滴眼液')).toEqual(['dropper', 'otc-b']);
    expect(await formOf('黄芪')).toEqual(['bag', 'none']);
    expect(await formOf('电子血压计')).toEqual(['monitor', 'none']);
    expect(await formOf('鱼油软胶囊')).toEqual(['jar', 'health']);
  });

  it("shows a brand's own goods on its banner", async () => {
    const [yiling] = await t.db.select({ banner: brands.banner }).from(brands).where(eq(brands.name, '以岭'));
    const q = new URL(yiling.banner, 'http://x').searchParams;
    expect(q.get('th')).toBe('brand');
    expect(q.get('gn')).toContain('连花清瘟');
    expect((await draw(yiling.banner)).body).toContain('连花清瘟');
  });

  it('gives each banner its own theme and packs', async () => {
    const carousel = await t.db.select({ image: ads.image }).from(ads).where(eq(ads.position, 'index_banner'));
    const themes = carousel.map((a) => new URL(a.image, 'http://x').searchParams.get('th'));
    expect(new Set(themes).size).toBe(carousel.length);
    for (const a of carousel) expect((await draw(a.image)).status).toBe(200);
  });
});
