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
};

export const underConstruction: ScreenLoader = () => import('@/features/content/pages/UnderConstructionPage');

export const loadScreen = (screen: ScreenKey): ScreenLoader => screenModules[screen] ?? underConstruction;
