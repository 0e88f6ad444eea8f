/** What other modules and the app may use of settings. */
export { intSetting, saveSettings, settingsOf, siteSettings } from './service.js';
