import type { ThemeConfig } from 'antd';

const BRAND_RED = '#e4393c';
const FONT_FAMILY = '"PingFang SC", "Microsoft YaHei", "Hiragino Sans GB", "Noto Sans CJK SC", sans-serif';

/** One brand colour (pharmacy red), dense 13px text and small radii, like the established B2B sites. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_RED,
    colorLink: '#333333',
    colorLinkHover: BRAND_RED,
    colorError: '#e4393c',
    colorWarning: '#ff8a00',
    colorSuccess: '#3a9f3a',
    colorInfo: '#1677ff',
    colorText: '#333333',
    colorTextSecondary: '#666666',
    colorBgLayout: '#f5f5f5',
    fontFamily: FONT_FAMILY,
    fontSize: 13,
    borderRadius: 2,
    borderRadiusLG: 4,
    controlHeight: 32,
  },
  components: {
    Button: { primaryShadow: 'none', defaultShadow: 'none', dangerShadow: 'none' },
    Drawer: { paddingLG: 16 },
  },
};
