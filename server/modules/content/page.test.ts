/** The page HTML preloads the pictures a route shows first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, openTestDatabase, type TestDatabase } from '../../testing.js';
import { pageRenderer } from './page.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase({ goods: 20 });
});
afterAll(async () => database?.dispose());

const TEMPLATE = '<!doctype html><html><head><title>药采通</title></head><body><div id="root"></div></body></html>';
const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1]);

describe(`page HTML on ${dbLabel}`, () => {
  it('preloads the top banner and the first carousel banner on the home page', async () => {
    const render = pageRenderer(database.db, TEMPLATE);
    const images = preloads(await render('/'));
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('p=top');
    expect(images[1]).toContain('banner.svg');
    expect(images[1]).not.toContain('p=top');
  });

  it('starts the header in the HTML with the top banner and hands its ads to the browser', async () => {
    const html = await pageRenderer(database.db, TEMPLATE)('/list');
    expect(html).toMatch(
      /<div class="yct-boot yct-boot--toolbar" id="yct-boot" aria-hidden="true"><div class="yct-topbar"><\/div><div class="yct-topbanner">.*<img id="yct-boot-top" src="[^"]*p=top[^"]*".*<\/div><div id="root"><\/div>/,
    );
    // The cart shows the header without the toolbar: its page centres on the whole window.
    expect(await pageRenderer(database.db, TEMPLATE)('/cart')).toContain('<div class="yct-boot" id="yct-boot"');
    const boot = /window\.__YCT_BOOT__=(\{.*?\});/.exec(html)?.[1];
    expect(JSON.parse(boot!).top[0]).toMatchObject({ url: expect.any(String), image: expect.stringContaining('p=top') });
  });

  it('paints the first carousel banner of the home page in the HTML and hands the carousel its ads', async () => {
    const html = await pageRenderer(database.db, TEMPLATE)('/');
    const boot = JSON.parse(/window\.__YCT_BOOT__=(\{.*?\});/.exec(html)![1]);
    expect(boot.carousel.length).toBeGreaterThan(0);
    const first = boot.carousel[0].image.replace(/&/g, '&amp;');
    expect(html).toContain(`<div class="yct-boot-hero" id="yct-boot-hero"><div class="yct-container"><span class="yct-boot-hero__slot"><img src="${first}"`);
    expect(preloads(html)).toEqual([expect.stringContaining('p=top'), first]);
    // Other pages carry neither.
    const list = await pageRenderer(database.db, TEMPLATE)('/list');
    expect(list).not.toContain('yct-boot-hero');
    expect(JSON.parse(/window\.__YCT_BOOT__=(\{.*?\});/.exec(list)![1]).carousel).toBeUndefined();
  });

  it('preloads only the top banner on other pages with the site header, and nothing on a bare page', async () => {
    const render = pageRenderer(database.db, TEMPLATE);
    expect(preloads(await render('/list/table'))).toHaveLength(1);
    expect(preloads(await render('/no/such/page'))).toHaveLength(1);
    expect(await render('/yx/rule')).toBe(TEMPLATE);
  });

  it('preloads the login banner and hands its ads to the browser, without the site header’s start', async () => {
    const html = await pageRenderer(database.db, TEMPLATE)('/login');
    const boot = JSON.parse(/window\.__YCT_BOOT__=(\{.*?\});/.exec(html)![1]);
    expect(boot.login.length).toBeGreaterThan(0);
    expect(boot.login[0]).toMatchObject({ image: expect.any(String), url: expect.any(String) });
    expect(preloads(html)).toEqual([boot.login[0].image.replace(/&/g, '&amp;')]);
    expect(html).not.toContain('id="yct-boot"');
  });

  it('serves the operator console the plain page, without the storefront header', async () => {
    const render = pageRenderer(database.db, TEMPLATE);
    for (const path of ['/admin', '/admin/', '/admin/login', '/admin/operators']) expect(await render(path)).toBe(TEMPLATE);
    expect(await render('/administrator')).not.toBe(TEMPLATE);
  });
});
