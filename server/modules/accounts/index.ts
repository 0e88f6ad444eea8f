/** What other modules and the app may use of accounts. */
export { accountAdminRoutes } from './admin-routes.js';
export { accountQueues, newBuyersByDay, userDetail } from './admin.js';
export { briefOf, buyersMatching, userBriefs } from './briefs.js';
export type { UserBrief } from './briefs.js';
export { licenceRows, licenceState, licenceView } from './licences.js';
export { requireLicencesValid, requireStoreLicencesValid, sendLicenceReminders } from './licence-expiry.js';
export { sendMessage } from './messages.js';
export { accountCentreRoutes } from './centre-routes.js';
export { checkPayPassword } from './pay-password.js';
export { accountRoutes } from './routes.js';
export { profileRoutes } from './profile-routes.js';
export { registrationRoutes } from './registration-routes.js';
export { addPoints, approvedAmong, businessScopeList, markContractSigned, pointsOf, setUserFigures, userBase } from './service.js';
export { forgetUserSessions, registerSessions, setCachedPoints } from './sessions.js';
export type { SmsSender } from './sms.js';
export { storeOf } from './stores.js';
export { wechatBindingRoutes } from './wechat-binding-routes.js';
export { wechatRoutes } from './wechat-routes.js';
