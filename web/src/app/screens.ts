/**
 * The module each built screen lives in, loaded only when its route is visited. A screen of the route
 * table that is not listed here shows the under-construction page; building one means adding its loader
 * here and setting `built: true` in routes.ts (a test checks the two agree).
 */
import type { ComponentType } from 'react';
import type { ScreenKey } from './routes';

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export const screenModules: Partial<Record<ScreenKey, ScreenLoader>> = {
  notFound: () => import('@/features/content/pages/NotFoundPage'),
  noActivity: () => import('@/features/content/pages/NoActivityPage'),
  loading: () => import('@/features/content/pages/LoadingPage'),
  login: () => import('@/features/auth/pages/LoginPage'),
  register: () => import('@/features/auth/pages/RegisterPage'),
  registerWechat: () => import('@/features/auth/pages/RegisterWechatPage'),
  forget: () => import('@/features/auth/pages/ForgetPage'),
  goodsList: () => import('@/features/catalogue/pages/ListPage'),
  goodsTable: () => import('@/features/catalogue/pages/ListTablePage'),
  goodsNoImage: () => import('@/features/catalogue/pages/ListNoImagePage'),
  goodsOther: () => import('@/features/catalogue/pages/OtherListPage'),
  goodsDetail: () => import('@/features/catalogue/pages/DetailPage'),
  search: () => import('@/features/catalogue/pages/SearchPage'),
  searchTable: () => import('@/features/catalogue/pages/SearchTablePage'),
  favourites: () => import('@/features/catalogue/pages/FavouritesPage'),
  freeShippingZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.FreeShippingZone })),
  freeShippingTable: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.FreeShippingTable })),
  tcmZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.TcmZone })),
  devicesZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.DevicesZone })),
  nearExpiryZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.NearExpiryZone })),
  controlledZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.ControlledZone })),
};

export const underConstruction: ScreenLoader = () => import('@/features/content/pages/UnderConstructionPage');

export const loadScreen = (screen: ScreenKey): ScreenLoader => screenModules[screen] ?? underConstruction;
