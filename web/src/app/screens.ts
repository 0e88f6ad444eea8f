/**
 * The module each built screen lives in, loaded only when its route is visited. A screen of the route
 * table that is not listed here shows the under-construction page; building one means adding its loader
 * here and setting `built: true` in core/routes.ts (screens.test.ts checks the two agree).
 */
import { createElement, type ComponentType } from 'react';
import type { ScreenKey } from '@core/routes';

type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;
/** The page of a screen not built yet, told the route's title by the router. */
export type UnderConstructionLoader = () => Promise<{ default: ComponentType<{ title: string }> }>;

export const screenModules: Partial<Record<ScreenKey, ScreenLoader>> = {
  home: () => import('@/features/catalogue/pages/HomePage'),
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
  cart: () => import('@/features/cart/pages/CartPage'),
  accountAddresses: () => import('@/features/account/pages/AddressesPage'),
  walletBalance: () => import('@/features/wallet/pages/BalancePage'),
  walletCredit: () => import('@/features/wallet/pages/CreditPage'),
  walletRedPackets: () => import('@/features/wallet/pages/RedPacketsPage'),
  // 积分管理 with the lottery's entry and my draws (the spec's route table has no page of its own for them).
  walletPoints: () =>
    Promise.all([import('@/features/wallet/pages/PointsPage'), import('@/features/lottery/components/DrawRecordsSection')]).then(([points, draws]) => ({
      default: () => createElement(points.default, { draws: createElement(draws.default) }),
    })),
  walletCoupons: () => import('@/features/wallet/pages/CouponsPage'),
  walletVouchers: () => import('@/features/wallet/pages/VouchersPage'),
  couponCentre: () => import('@/features/wallet/pages/CouponCentrePage'),
  pointsMall: () => import('@/features/points/pages/PointsMallPage'),
  pointsOrders: () => import('@/features/points/pages/PointsOrdersPage'),
  invoices: () => import('@/features/invoices/pages/InvoicesPage'),
  welfare: () => import('@/features/catalogue/pages/WelfarePage'),
  cashback: () => import('@/features/catalogue/pages/CashbackPage'),
  yyh: () => import('@/features/catalogue/pages/MonthlyPages').then((m) => ({ default: m.MonthlyPage })),
  yyhList: () => import('@/features/catalogue/pages/MonthlyPages').then((m) => ({ default: m.MonthlyListPage })),
  combination: () => import('@/features/catalogue/pages/BundlesPage'),
  activityZone: () => import('@/features/activity-pages/pages/ActivityPages').then((m) => ({ default: m.ActivityZone })),
  activityCentre: () => import('@/features/activity-pages/pages/ActivityPages').then((m) => ({ default: m.ActivityCentre })),
  themeZone: () => import('@/features/activity-pages/pages/ActivityPages').then((m) => ({ default: m.ThemeZone })),
  activityTemplate: () => import('@/features/activity-pages/pages/ActivityPages').then((m) => ({ default: m.ActivityTemplate })),
  memberCentre: () => import('@/features/member/pages/MemberCentrePage'),
  accountBasic: () => import('@/features/account/pages/BasicInfoPage'),
  accountLicences: () => import('@/features/account/pages/LicencesPage'),
  accountStores: () => import('@/features/account/pages/StoresPage'),
  accountWechat: () => import('@/features/account/pages/WechatPage'),
  accountMessages: () => import('@/features/account/pages/MessagesPage'),
  accountDocuments: () => import('@/features/documents/pages/DocumentsPage'),
  qualityReports: () => import('@/features/reports/pages/ReportsPage'),
  quickBuy: () => import('@/features/goods-lists/pages/UsualGoodsPage'),
  goodsLists: () => import('@/features/goods-lists/pages/GoodsListsPage'),
  goodsNotices: () => import('@/features/goods-notices/pages/GoodsNoticesPage'),
  purchaseListImport: () => import('@/features/purchase-lists/pages/PurchaseListImportPage'),
  help: () => import('@/features/content/pages/HelpPage'),
  helpArticle: () => import('@/features/content/pages/HelpArticlePage'),
  newsDetail: () => import('@/features/content/pages/NewsDetailPage'),
  varietyRequests: () => import('@/features/self-service/pages/BuyRequestsPage'),
  varietyRequestAdd: () => import('@/features/self-service/pages/BuyRequestAddPage'),
  varietyRequestDetail: () => import('@/features/self-service/pages/BuyRequestDetailPage'),
  feedback: () => import('@/features/self-service/pages/FeedbackPage'),
  freeShippingZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.FreeShippingZone })),
  freeShippingTable: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.FreeShippingTable })),
  tcmZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.TcmZone })),
  devicesZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.DevicesZone })),
  nearExpiryZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.NearExpiryZone })),
  controlledZone: () => import('@/features/catalogue/pages/ZonePages').then((m) => ({ default: m.ControlledZone })),
  controlledZoneNew: () => import('@/features/catalogue/pages/ControlledPages').then((m) => ({ default: m.ControlledZoneNew })),
  controlledGoods: () => import('@/features/catalogue/pages/ControlledPages').then((m) => ({ default: m.ControlledGoods })),
  freeShippingRule: () => import('@/features/catalogue/pages/FreeShippingRulePage'),
  dailySpecials: () => import('@/features/catalogue/pages/DailySpecialsPage'),
  brandZone: () => import('@/features/catalogue/pages/BrandPages').then((m) => ({ default: m.BrandZonePage })),
  brandDetail: () => import('@/features/catalogue/pages/BrandPages').then((m) => ({ default: m.BrandDetailPage })),
  cartConfirm: () => import('@/features/checkout/pages/ConfirmPage'),
  cartPay: () => import('@/features/checkout/pages/PayPage'),
  cartPayEphedrine: () => import('@/features/checkout/pages/PayEphedrinePage'),
  cartPayDone: () => import('@/features/checkout/pages/PayDonePage'),
  contract: () => import('@/features/checkout/pages/ContractPage'),
  orders: () => import('@/features/orders/pages/OrdersPage'),
  orderDetail: () => import('@/features/orders/pages/OrderDetailPage'),
  orderReturn: () => import('@/features/orders/pages/AfterSalePages').then((m) => ({ default: m.ReturnInfoPage })),
  orderAfterSales: () => import('@/features/orders/pages/AfterSalePages').then((m) => ({ default: m.AfterSalesInfoPage })),
  ephedrineOrders: () => import('@/features/orders/pages/EphedrineOrdersPage'),
};

export const underConstruction: UnderConstructionLoader = () => import('@/features/content/pages/UnderConstructionPage');
