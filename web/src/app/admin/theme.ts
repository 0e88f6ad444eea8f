import type { ThemeConfig } from 'antd';

/** The console's look: the blue of the admin consoles operators know (CRMEB, 若依), 14px text, compact tables. */
const CONSOLE_BLUE = '#1890ff';

export const consoleTheme: ThemeConfig = {
  token: {
    colorPrimary: CONSOLE_BLUE,
    colorInfo: CONSOLE_BLUE,
    colorLink: CONSOLE_BLUE,
    colorLinkHover: '#40a9ff',
    colorError: '#ff4d4f',
    colorWarning: '#faad14',
    colorSuccess: '#52c41a',
    colorText: 'rgba(0, 0, 0, 0.85)',
    colorBgLayout: '#f0f2f5',
    fontSize: 14,
    borderRadius: 4,
    borderRadiusLG: 6,
    controlHeight: 32,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 48, headerPadding: '0 16px', siderBg: '#001529' },
    Menu: { darkItemBg: '#001529', darkSubMenuItemBg: '#000c17', itemHeight: 40, subMenuItemBorderRadius: 0, itemBorderRadius: 0, itemMarginInline: 0 },
    Table: { headerBg: '#fafafa', cellPaddingBlockSM: 7, cellPaddingInlineSM: 8 },
    Card: { paddingLG: 16, headerHeight: 46 },
  },
};
