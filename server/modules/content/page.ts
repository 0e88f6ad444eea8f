/**
 * The single page's HTML. On routes with the site header it already holds the top of the header (the top
 * bar's place and the top banner) before the app's root, and the banner's data, so that the first paint
 * and the largest picture do not wait for the JavaScript. When React renders the header it takes that very
 * picture element into its own banner and removes the rest, before the browser paints again
 * (web/src/app/shell/SiteHeader.tsx). The pictures a route shows first are preloaded: the top banner, and
 * the first carousel banner on the home page, which the page HTML also paints in its place for the carousel to
 * take over (HeroCarousel.tsx). The login page, which has no site header, gets its banner's data and its picture
 * preloaded, so that the band beside the login card paints with its picture in the app's first frame.
 */
import { finalRoute } from '../../../core/routes.js';
import type { Db } from '../../db/client.js';
import type { AdEntry } from '../../../core/schemas/content.js';
import { contentService } from './service.js';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The browser reads this name (web/src/api/boot.ts). */
const BOOT_GLOBAL = '__YCT_BOOT__';
/** Set by the top banner's close button for the visit (web/src/app/shell/SiteHeader.tsx). */
const BANNER_CLOSED_KEY = 'yct-top-banner-closed';
const BOOT_ID = 'yct-boot';
const BOOT_IMAGE_ID = 'yct-boot-top';
const BOOT_HERO_ID = 'yct-boot-hero';

/**
 * `toolbar`: the route shows the right toolbar, beside which narrow windows centre the page (shell.css).
 * `hero`: the home page's first carousel banner, painted where the carousel will show it (home.css), which
 * the carousel then takes over (web/src/api/boot.ts): on a slow device the largest picture of the home page
 * would otherwise wait for the JavaScript.
 */
function headerStart(top: AdEntry | undefined, toolbar: boolean, hero: AdEntry | undefined) {
  const banner = top
    ? `<div class="yct-topbanner"><span class="yct-topbanner__link"><img id="${BOOT_IMAGE_ID}" src="${escapeAttr(top.image)}" alt="${escapeAttr(top.title)}" width="1200" height="80" fetchpriority="high" /></span></div>`
    : '';
  const carousel = hero
    ? `<div class="yct-boot-hero${top ? '' : ' yct-boot-hero--bannerless'}" id="${BOOT_HERO_ID}"><div class="yct-container"><span class="yct-boot-hero__slot"><img src="${escapeAttr(hero.image)}" alt="${escapeAttr(hero.title)}" width="790" height="340" fetchpriority="high" /></span></div></div>`
    : '';
  return `<div class="yct-boot${toolbar ? ' yct-boot--toolbar' : ''}" id="${BOOT_ID}" aria-hidden="true"><div class="yct-topbar"></div>${banner}${carousel}</div>`;
}

/** The operator console (web/src/app/admin) has its own layout: none of the storefront's head start. */
const isConsole = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export function pageRenderer(db: Db, template: string) {
  const content = contentService(db);
  return async (pathname: string): Promise<string> => {
    if (isConsole(pathname)) return template;
    const images: string[] = [];
    let html = template;
    try {
      const route = finalRoute(pathname);
      const home = route.screen === 'home';
      const carousel = home ? await content.ads('index_banner') : [];
      const hero = carousel[0]?.image ? carousel[0] : undefined;
      if (route.header) {
        const ads = await content.ads('top');
        const top = ads[0];
        if (top?.image) images.push(top.image);
        const data = home ? { top: ads, carousel } : { top: ads };
        const boot = `<script>window.${BOOT_GLOBAL}=${scriptJson(data)};try{if(sessionStorage.getItem('${BANNER_CLOSED_KEY}')==='1')document.documentElement.classList.add('yct-topbanner-closed')}catch(e){}</script>`;
        html = html.replace('<div id="root"></div>', `${headerStart(top, route.toolbar, hero)}<div id="root"></div>`).replace('</head>', `${boot}</head>`);
      }
      if (hero) images.push(hero.image);
      if (route.screen === 'login') {
        const login = await content.ads('login');
        if (login[0]?.image) images.push(login[0].image);
        html = html.replace('</head>', `<script>window.${BOOT_GLOBAL}=${scriptJson({ login })};</script></head>`);
      }
    } catch {
      // The head start is an optimisation: the page works without it.
      return template;
    }
    const links = images.map((src) => `<link rel="preload" as="image" href="${escapeAttr(src)}" fetchpriority="high" />`).join('');
    return links ? html.replace('</head>', `${links}</head>`) : html;
  };
}
